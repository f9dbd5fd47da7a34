import { useLocation } from 'react-router';
import type { Route } from './+types/account-coming-soon';
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
  return <GuardFallback />;
}

export default function AccountComingSoonPage() {
  return <ComingSoon pathname={useLocation().pathname} />;
}
