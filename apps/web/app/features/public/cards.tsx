import type { ReactNode } from 'react';
import { accessLabels, type DatabaseInfo, type ExcipientSummary, type NewsSummary, type RegulationSummary } from '@fuliaotong/contracts';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { paths, withQuery } from '../../paths';

const accessColors = { public: 'green', login: 'blue', member: 'gold' } as const;

export function AccessTag({ access }: { access: DatabaseInfo['access'] }) {
  return <Tag color={accessColors[access]}>{accessLabels[access]}</Tag>;
}

/** Where a database's records are listed. */
export function databaseHref(code: DatabaseInfo['code']): string {
  if (code === 'registration') return paths.registrations;
  if (code === 'standard') return paths.standards;
  return withQuery(paths.topDatabase, { code });
}

export function ExcipientCard({ item }: { item: ExcipientSummary }) {
  return (
    <Link to={withQuery(paths.excipientDetail, { id: item.id })} className="excipient-card">
      <span className="excipient-card__category">{item.category}</span>
      <strong className="excipient-card__name">{item.nameZh}</strong>
      <span className="excipient-card__en">{item.nameEn}</span>
      <span className="excipient-card__meta">
        {item.cas ? `CAS ${item.cas}` : '—'} · {item.pharmacopoeias.join(' / ')}
      </span>
      <span className="excipient-card__summary">{item.summary}</span>
      {item.sampleAvailable ? <span className="excipient-card__sample">可申请样品</span> : null}
    </Link>
  );
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

export function NewsList({ items }: { items: NewsSummary[] }) {
  return (
    <ul className="article-list">
      {items.map((n) => (
        <li key={n.id}>
          <Link to={withQuery(paths.topNewsDetail, { id: n.id })}>{n.title}</Link>
          <span className="article-list__meta">
            {n.category} · {n.publishedOn}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ReviewStatusTag({ status }: { status: 'A' | 'I' }) {
  return <Tag color={status === 'A' ? 'green' : 'orange'}>{status}</Tag>;
}

const regulationStatusColors = { 现行: 'green', 废止: 'default', 征求意见: 'orange' } as const;

export function RegulationStatusTag({ status }: { status: RegulationSummary['status'] }) {
  return <Tag color={regulationStatusColors[status]}>{status}</Tag>;
}

export function RegulationList({ items }: { items: RegulationSummary[] }) {
  return (
    <ul className="article-list">
      {items.map((r) => (
        <li key={r.id}>
          <Link to={withQuery(paths.topRegulations, { id: r.id })}>{r.title}</Link>
          <span className="article-list__meta">
            <RegulationStatusTag status={r.status} />
            {r.issuer} · {r.issuedOn}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The column beside an article: items of the same category and a link to all of them. */
export function RelatedAside({ id, title, moreHref, moreLabel, emptyText, children }: {
  id: string;
  title: string;
  moreHref: string;
  moreLabel: string;
  emptyText: string;
  children: ReactNode | null;
}) {
  return (
    <aside className="panel article-layout__side" aria-labelledby={id}>
      <h2 className="panel__title" id={id}>
        {title}
      </h2>
      {children ?? <p className="muted small">{emptyText}</p>}
      <Link to={moreHref} className="small">
        {moreLabel}
      </Link>
    </aside>
  );
}
