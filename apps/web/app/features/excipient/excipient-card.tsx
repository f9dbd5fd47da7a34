import type { ExcipientSummary } from '@fuliaotong/contracts';
import { Link } from 'react-router';
import { paths, withQuery } from '@fuliaotong/contracts/constants';
import './excipient.css';

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
