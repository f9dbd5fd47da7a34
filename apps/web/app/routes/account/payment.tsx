import { useLocation } from 'react-router';
import type { Route } from './+types/payment';
import { ComingSoon } from '../../components/coming-soon';
import { GuardFallback, guardedClientLoader } from '../../features/session/route-guard';
import { pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

/** Guarded: without a token the user is sent to /login first. */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  return guardedClientLoader(args);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="standalone">
      <GuardFallback />
    </div>
  );
}

/** No layout: a page of its own. */
export default function Page() {
  return (
    <div className="standalone">
      <ComingSoon pathname={useLocation().pathname} />
    </div>
  );
}
