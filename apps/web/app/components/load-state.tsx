import type { ErrorCode } from '@fuliaotong/contracts';
import { Alert, Button, Empty, Skeleton, Spin } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/api-errors';
import './load-state.css';

/**
 * The one way the site shows data that is loading, failed to load (with a retry) or is empty. Pages pass
 * their query to {@link LoadState}; a route's ErrorBoundary (its server loader failed) uses
 * `RouteLoadError` (error-view.tsx).
 */

/** A neutral, full-width loading state (a page whose session or role is still being checked). */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin />
      <span className="page-loading__text">正在加载…</span>
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
    <Alert
      type={type}
      showIcon
      title={errorMessage(error, title)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            重试
          </Button>
        ) : undefined
      }
    />
  );
}

/** Nothing to show (yet): a message and, optionally, a way on. */
export function EmptyState({ description, image, children }: { description: ReactNode; image?: ReactNode; children?: ReactNode }) {
  return (
    <Empty image={image} description={description}>
      {children}
    </Empty>
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
  if (query.isPending || query.data === undefined) return frame(<Skeleton active paragraph={{ rows }} />);
  if (isEmpty?.(query.data)) return frame(empty);
  return <>{children(query.data)}</>;
}
