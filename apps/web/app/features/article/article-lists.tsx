import type { NewsSummary, RegulationSummary } from '@fuliaotong/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusTag } from '../../components/status-tag';
import { paths, withQuery } from '@fuliaotong/contracts/constants';
import './article.css';

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

const regulationStatusColors = { 现行: 'green', 废止: 'default', 征求意见: 'orange' } as const;

export function RegulationStatusTag({ status }: { status: RegulationSummary['status'] }) {
  return <StatusTag color={regulationStatusColors[status]}>{status}</StatusTag>;
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
export function RelatedAside({
  id,
  title,
  moreHref,
  moreLabel,
  emptyText,
  children,
}: {
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
