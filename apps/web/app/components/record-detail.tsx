import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadState, type LoadableQuery } from './load-state';
import { ResultMessage } from './result-message';
import './record-detail.css';

/**
 * One record of an account list opened on its own (a quote, a sales order, a document request, a change
 * notice): a link back to the list above it, its loading and error states, and — when the record does not
 * exist or is not the caller's (`not_found`, or an id that is not a number) — a page that says so and
 * leads back to the list.
 */
export function RecordDetail<T>({
  query,
  className,
  back,
  errorTitle,
  notFound,
  children,
}: {
  query: LoadableQuery<T>;
  /** The page's own class, beside `page`. */
  className: string;
  /** The list this record belongs to, and what the link back says (返回…). */
  back: { to: string; label: string };
  /** Shown when loading fails without a message of its own. */
  errorTitle: string;
  /** What a missing record's page says. */
  notFound: { title: string; subTitle: string };
  children: (data: T) => ReactNode;
}) {
  const missing = (
    <ResultMessage
      kind="missing"
      title={notFound.title}
      text={notFound.subTitle}
      actions={
        <Link to={back.to} className="button button--primary">
          {back.label}
        </Link>
      }
    />
  );
  return (
    <div className={`page ${className}`}>
      <Link to={back.to} className="record-detail__back">
        <ArrowLeftOutlined aria-hidden /> {back.label}
      </Link>
      <LoadState query={query} errorTitle={errorTitle} rows={8} panel onError={{ not_found: missing, validation_failed: missing }}>
        {children}
      </LoadState>
    </div>
  );
}
