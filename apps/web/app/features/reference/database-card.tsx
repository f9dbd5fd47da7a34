import { accessLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { DatabaseInfo } from '@fuliaotong/contracts';
import { Link } from 'react-router';
import { StatusTag } from '../../components/status-tag';
import './reference.css';

const accessColors = { public: 'green', login: 'blue', member: 'gold' } as const;

export function AccessTag({ access }: { access: DatabaseInfo['access'] }) {
  return <StatusTag color={accessColors[access]}>{accessLabels[access]}</StatusTag>;
}

/** Where a database's records are listed. */
export function databaseHref(code: DatabaseInfo['code']): string {
  if (code === 'registration') return paths.registrations;
  if (code === 'standard') return paths.standards;
  return withQuery(paths.topDatabase, { code });
}

export function DatabaseCard({ db }: { db: DatabaseInfo }) {
  return (
    <Link to={databaseHref(db.code)} className="database-card">
      <span className="database-card__head">
        <strong>{db.name}</strong>
        <AccessTag access={db.access} />
      </span>
      <span className="database-card__count">
        {db.recordCount.toLocaleString('zh-CN')} <small>条记录</small>
      </span>
      <span className="database-card__text">{db.description}</span>
      {db.updatedOn ? <span className="database-card__date">更新于 {db.updatedOn}</span> : null}
    </Link>
  );
}
