import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { ErrorView, type NotFoundData } from '../components/error-view';

function fullPath(url: URL): string {
  try {
    return decodeURI(url.pathname) + url.search;
  } catch {
    return url.pathname + url.search;
  }
}

export function loader({ request }: Route.LoaderArgs): never {
  const path = fullPath(new URL(request.url));
  throw data({ message: `Page Not Found: ${path}`, path } satisfies NotFoundData, { status: 404 });
}

export function meta() {
  return [{ title: '页面不存在 - 辅料通' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Inside the site layout: a section of its <main>.
  return <ErrorView error={error} inLayout />;
}
