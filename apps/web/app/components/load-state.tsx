import type { ErrorCode } from '@fuliaotong/contracts';
import { ApiError, errorMessage } from '@fuliaotong/client';
import type { ReactNode } from 'react';
import { Notice } from './notice';
import './load-state.css';

/**
 * The one way the site shows data that is loading, failed to load (with a retry) or is empty. Pages pass
 * their query to {@link LoadState}; a route's ErrorBoundary (its server loader failed) uses
 * `RouteLoadError` (error-view.tsx). Plain markup, so public pages show these states without antd.
 */

/** A spinning ring, for a wait that has no shape yet (announced by the text beside it). */
export function Spinner() {
  return <span className="spinner" aria-hidden />;
}

/** A neutral, full-width loading state (a page whose session or role is still being checked). */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spinner />
      <span className="page-loading__text">正在加载…</span>
    </div>
  );
}

/** Grey bars where text is coming: a title and `rows` lines. */
export function Skeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">正在加载…</span>
      <span className="skeleton__title" aria-hidden />
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="skeleton__line" aria-hidden />
      ))}
    </div>
  );
}

/**
 * Data could not be read: the reason (or `title` when there is none to show) with a retry. Nothing for
 * `unauthorized`: the API client has already sent the user to /login.
 */
export function LoadError({
  error,
  title,
  onRetry,
  type = 'error',
}: {
  error: unknown;
  title: string;
  onRetry?: () => void;
  type?: 'error' | 'warning';
}) {
  if (error instanceof ApiError && error.code === 'unauthorized') return null;
  return (
    <Notice
      type={type}
      title={errorMessage(error, title)}
      action={
        onRetry ? (
          <button type="button" className="button button--small" onClick={onRetry}>
            重试
          </button>
        ) : undefined
      }
    />
  );
}

/** An empty tray (antd's picture for "no data"). */
function EmptyPicture() {
  return (
    <svg className="empty-state__picture" width="64" height="41" viewBox="0 0 64 41" aria-hidden>
      <g transform="translate(0 1)" fill="none" fillRule="evenodd">
        <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
        <g fillRule="nonzero" stroke="#d9d9d9">
          <path d="M55 12.76 44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
          <path
            d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
            fill="#fafafa"
          />
        </g>
      </g>
    </svg>
  );
}

/** Nothing to show (yet): a message and, optionally, a way on. `image={null}` leaves the picture out. */
export function EmptyState({ description, image, children }: { description: ReactNode; image?: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty-state">
      {image === undefined ? <EmptyPicture /> : image}
      <div className="empty-state__description">{description}</div>
      {children ? <div className="empty-state__footer">{children}</div> : null}
    </div>
  );
}

/** What LoadState needs of a TanStack Query result. */
export interface LoadableQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * Loading → skeleton; failed → {@link LoadError} with a retry (or a view of its own for some error codes,
 * e.g. `not_found`); empty → {@link EmptyState}; otherwise the content.
 */
export function LoadState<T>({
  query,
  errorTitle,
  rows = 4,
  isEmpty,
  empty,
  onError,
  panel = false,
  children,
}: {
  query: LoadableQuery<T>;
  /** Shown when the error has no message of its own. */
  errorTitle: string;
  /** Lines of the loading skeleton. */
  rows?: number;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** A view of its own for errors of these codes (e.g. `{ not_found: <Result … /> }`). */
  onError?: Partial<Record<ErrorCode, ReactNode>>;
  /** Loading and empty states sit in a panel (like the content they stand for). */
  panel?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    const special = query.error instanceof ApiError ? onError?.[query.error.code] : undefined;
    if (special !== undefined) return <>{special}</>;
    return <LoadError error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />;
  }
  const frame = (node: ReactNode) => (panel ? <section className="panel">{node}</section> : <>{node}</>);
  if (query.isPending || query.data === undefined) return frame(<Skeleton rows={rows} />);
  if (isEmpty?.(query.data)) return frame(empty);
  return <>{children(query.data)}</>;
}
