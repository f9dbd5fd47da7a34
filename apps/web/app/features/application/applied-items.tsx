import type { ApplicationItem } from '@fuliaotong/contracts';
import { Link } from 'react-router';
import { paths, withQuery } from '../../paths';

/** The items of an application as applied for (a product since removed is shown without a link). */
export function AppliedItems({ items }: { items: ApplicationItem[] }) {
  return (
    <ul className="confirm-items" aria-label="申请的样品">
      {items.map((item) => (
        <li key={item.id} className="confirm-item">
          <div className="confirm-item__name">
            {item.excipientId ? (
              <Link to={withQuery(paths.excipientDetail, { id: item.excipientId })}>{item.nameZh}</Link>
            ) : (
              item.nameZh
            )}
          </div>
          <div className="confirm-item__spec">
            {item.grade} · {item.packSize}
          </div>
          <div className="confirm-item__qty">× {item.quantity}</div>
        </li>
      ))}
    </ul>
  );
}
