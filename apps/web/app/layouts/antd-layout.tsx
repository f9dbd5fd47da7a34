import { Outlet } from 'react-router';
import { AntdScope } from '../lib/antd-scope';

/**
 * A pathless layout around the pages that show antd's components (apps/web/app/routes.ts): only
 * their first load carries antd's code.
 */
export default function AntdLayout() {
  return (
    <AntdScope>
      <Outlet />
    </AntdScope>
  );
}
