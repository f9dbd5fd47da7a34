import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { paths } from '../paths';
import './error-view.css';

/** Status messages for errors a loader throws without one. */
const statusTexts: Record<number, string> = {
  400: '请求参数有误',
  401: '需要登录',
  403: '无权访问',
  429: '请求过于频繁',
  500: '服务器错误',
  503: '服务暂不可用',
};

export interface NotFoundData {
  message: string;
  path: string;
}

/**
 * Page not found for 404; a generic server-error view, with status, status message and description, otherwise.
 * Inside a layout (`inLayout`) it is a section of the layout's <main> rather than a <main> of its own, and
 * `extra` adds a way on (e.g. back to the list the missing item belonged to).
 */
export function ErrorView({ error, inLayout = false, extra }: { error: unknown; inLayout?: boolean; extra?: ReactNode }) {
  const Root = inLayout ? 'section' : 'main';
  if (isRouteErrorResponse(error) && error.status === 404) {
    const data = error.data as Partial<NotFoundData> | undefined;
    return (
      <Root className="error-view" data-status={404}>
        <Result
          status="404"
          title={<h1 className="error-view__title">页面不存在</h1>}
          subTitle={
            <>
              <p>抱歉，您访问的页面不存在或已被移除。</p>
              <p className="error-view__detail">{data?.message ?? 'Page Not Found'}</p>
            </>
          }
          extra={
            <div className="error-view__actions">
              {extra}
              <Link to={paths.home} className="error-view__home">
                返回首页
              </Link>
            </div>
          }
        />
      </Root>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const statusText = (isRouteErrorResponse(error) && error.statusText) || statusTexts[status] || '服务器错误';
  const data: unknown = isRouteErrorResponse(error) ? error.data : undefined;
  const given = typeof data === 'string' ? data : (data as { message?: unknown } | undefined)?.message;
  const description =
    typeof given === 'string' && given && status < 500 ? given : '服务器开小差了，请稍后刷新重试。如果问题持续出现，请联系客服。';
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Root className="error-view" data-status={status}>
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
          <div className="error-view__actions">
            {extra}
            <Button type="primary" onClick={() => window.location.reload()}>
              刷新页面
            </Button>
          </div>
        }
      />
    </Root>
  );
}
