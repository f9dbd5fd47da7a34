import type { Route } from './+types/privacy';
import { PolicyPage } from '../features/legal/policy-page';
import { RouteLoadError } from '../components/error-view';
import { legalTextQuery } from '../features/legal/legal-api';
import { loadQueries } from '../lib/route-data';
import { paths } from '@fuliaotong/contracts/constants';
import { pageMeta } from '../site/pages';

export function meta() {
  return pageMeta(paths.privacy);
}

/** 隐私政策, as the staff published it (the legal texts desk). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadQueries(context, (ensure, c) => ensure(legalTextQuery('privacy', c)));
}

export default function PrivacyPage({ loaderData: text }: Route.ComponentProps) {
  return <PolicyPage title={text.title} version={text.version} html={text.html} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} back={{ to: paths.home, label: '返回首页' }} />;
}
