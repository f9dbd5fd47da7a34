import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { paths } from '@fuliaotong/contracts/constants';
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

/** The picture above the words: a large status number, as on the site's other notices. */
function Figure({ status }: { status: number }) {
  return (
    <div className="error-view__figure" aria-hidden>
      {status}
    </div>
  );
}

/**
 * Plain markup and the site's CSS, no antd: it shows when a page's code failed to load, and on pages
 * outside antd's scope (home, not found).
 *
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
        <Figure status={404} />
        <h1 className="error-view__title">页面不存在</h1>
        <div className="error-view__text">
          <p>抱歉，您访问的页面不存在或已被移除。</p>
          <p className="error-view__detail">{data?.message ?? 'Page Not Found'}</p>
        </div>
        <div className="error-view__actions">
          {extra}
          <Link to={paths.home} className="button button--primary">
            返回首页
          </Link>
        </div>
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
      <Figure status={status} />
      <h1 className="error-view__title">{statusText}</h1>
      <div className="error-view__text">
        <p>{description}</p>
      </div>
      <div className="error-view__actions">
        {extra}
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          刷新页面
        </button>
      </div>
    </Root>
  );
}

/**
 * A route's error boundary inside the site's header and footer (its server loader failed): a missing id
 * answers 404 with the API's message ("辅料产品不存在") and a way back to the list it belongs to; other
 * failures offer to reload.
 */
export function RouteLoadError({ error, back }: { error: unknown; back?: { to: string; label: string } }) {
  return (
    <div className="container page">
      <div className="panel">
        <ErrorView
          error={error}
          inLayout
          extra={
            back ? (
              <Link to={back.to} className="button">
                {back.label}
              </Link>
            ) : undefined
          }
        />
      </div>
    </div>
  );
}
