import { Link } from 'react-router';
import './breadcrumb.css';

export interface BreadcrumbItem {
  label: string;
  /** Where it leads; none for the page itself. */
  to?: string;
}

/** Where the page sits (辅料产品 / 填充剂 / 微晶纤维素), above a detail page's content. */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav className="breadcrumb" aria-label="当前位置">
      <ol className="breadcrumb__list">
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className="breadcrumb__item">
            {item.to ? (
              <Link to={item.to}>{item.label}</Link>
            ) : (
              <span aria-current={index === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
