import type { ApplicationItem } from '@fuliaotong/contracts';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { paths, withQuery } from '@fuliaotong/contracts/constants';

/** One line of the list: an application's item, or a cart item about to be applied for. */
export type ListedItem = Pick<ApplicationItem, 'id' | 'excipientId' | 'nameZh' | 'grade' | 'packSize' | 'quantity'> & {
  nameEn?: string;
  /** Why it cannot be applied for (shown greyed with this tag); absent when it can. */
  unavailable?: string | null;
};

/** The samples of an application, or of one about to be made (a product since removed is shown without a link). */
export function AppliedItems({ items }: { items: ListedItem[] }) {
  return (
    <ul className="confirm-items" aria-label="申请的样品">
      {items.map((item) => (
        <li key={item.id} className={item.unavailable ? 'confirm-item is-unavailable' : 'confirm-item'}>
          <div className="confirm-item__name">
            {item.excipientId ? (
              <Link to={withQuery(paths.excipientDetail, { id: item.excipientId })}>{item.nameZh}</Link>
            ) : (
              item.nameZh
            )}
            {item.nameEn ? <span className="muted small"> {item.nameEn}</span> : null}
            {item.unavailable ? (
              <Tag color="orange" className="confirm-item__reason">
                {item.unavailable}
              </Tag>
            ) : null}
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
