import { Alert, Button } from 'antd';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/api-errors';

/**
 * Data of the page could not be read: the reason (or `title` when there is none to show) with a
 * retry. Nothing for a 401: the API client has already sent the user to /login.
 */
export function LoadError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 401) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(error, title)}
      action={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
