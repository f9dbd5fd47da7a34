import { Button, Result } from 'antd';
import { isRouteErrorResponse, Link } from 'react-router';
import { paths } from '../paths';

export interface NotFoundData {
  message: string;
  path: string;
}

/** Page not found for 404; a generic server-error view, with status, status message and description, otherwise. */
export function ErrorView({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const data = error.data as Partial<NotFoundData> | undefined;
    return (
      <main className="error-view" data-status={404}>
        <Result
          status="404"
          title="404"
          subTitle={
            <>
              <p>抱歉，您访问的页面不存在或已被移除。</p>
              <p className="error-view__detail">{data?.message ?? 'Page Not Found'}</p>
            </>
          }
          extra={
            <Link to={paths.home}>
              <Button type="primary">返回首页</Button>
            </Link>
          }
        />
      </main>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const statusText = isRouteErrorResponse(error) ? error.statusText || '服务器错误' : '服务器错误';
  const description =
    isRouteErrorResponse(error) && typeof error.data === 'string' && error.data
      ? error.data
      : '服务器开小差了，请稍后刷新重试。如果问题持续出现，请联系客服。';
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="error-view" data-status={status}>
      <Result
        status={status === 403 ? '403' : '500'}
        title={status}
        subTitle={
          <>
            <p className="error-view__status-text">{statusText}</p>
            <p>{description}</p>
          </>
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        }
      />
    </main>
  );
}
