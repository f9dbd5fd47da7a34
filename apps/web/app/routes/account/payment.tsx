import { useLocation } from 'react-router';
import type { Route } from './+types/payment';
import { ComingSoon } from '../../components/coming-soon';
import { pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

/** No layout: a page of its own. */
export default function Page() {
  return (
    <div className="standalone">
      <ComingSoon pathname={useLocation().pathname} />
    </div>
  );
}
