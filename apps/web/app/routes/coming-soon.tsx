import { useLocation } from 'react-router';
import type { Route } from './+types/coming-soon';
import { ComingSoon } from '../components/coming-soon';
import { pageMeta } from '../site/pages';

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

export default function ComingSoonPage() {
  return <div className="container"><ComingSoon pathname={useLocation().pathname} /></div>;
}
