import { useLocation } from 'react-router';
import type { Route } from './+types/account-coming-soon';
import { ComingSoon } from '../../components/coming-soon';
import { pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

export default function AccountComingSoonPage() {
  return <ComingSoon pathname={useLocation().pathname} />;
}
