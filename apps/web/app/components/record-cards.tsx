import type { Key, ReactNode } from 'react';
import { Link } from 'react-router';
import './record-cards.css';

export interface RecordCardItem {
  key: Key;
  /** The record's page: the whole card is the link to it (a card without one is plain text). */
  href?: string;
  name: ReactNode;
  /** Beside the name: a status tag. */
  tag?: ReactNode;
  /** Under the name, in the link colour: a number or code (登记号), or the English name. */
  code?: ReactNode;
  /** Lines of plain text under it. */
  lines?: ReactNode[];
  /** The small grey line at the bottom (type · province · date). */
  meta?: ReactNode;
  /** Buttons and links at the card's foot (去支付, 申请发票…), outside the card's own link. */
  actions?: ReactNode;
}

/**
 * The records of a list as cards, for phones: below 640 px the list's table (in a section with the
 * class `records-table`) is hidden and these are shown instead, one card per record — a link to the
 * record's page, and its status and actions in view without scrolling sideways. Wider screens show
 * the table only.
 */
export function RecordCards({ label, items, empty }: { label: string; items: RecordCardItem[]; empty: string }) {
  return (
    <ul className="record-cards" aria-label={label}>
      {items.map((item) => {
        const body = (
          <>
            <span className="record-card__head">
              <strong className="record-card__name">{item.name}</strong>
              {item.tag}
            </span>
            {item.code ? <span className="record-card__code">{item.code}</span> : null}
            {item.lines?.map((line, index) => (
              <span key={index} className="record-card__line">
                {line}
              </span>
            ))}
            {item.meta ? <span className="record-card__meta">{item.meta}</span> : null}
          </>
        );
        return (
          <li key={item.key} className="record-card">
            {item.href ? (
              <Link to={item.href} className="record-card__link">
                {body}
              </Link>
            ) : (
              <div className="record-card__link">{body}</div>
            )}
            {item.actions ? <div className="record-card__actions">{item.actions}</div> : null}
          </li>
        );
      })}
      {items.length === 0 ? <li className="record-card record-card--empty">{empty}</li> : null}
    </ul>
  );
}
