import { Navigate } from 'react-router';
import { desksFor } from '../../features/staff/admin-nav';
import { useCurrentUser } from '../../features/session/session';
import { paths } from '../../paths';

/** /admin: the staff member's first desk (the layout has already checked that there is one). */
export default function AdminIndex() {
  const user = useCurrentUser();
  const first = desksFor(user?.roles ?? [])[0];
  return <Navigate to={first?.to ?? paths.home} replace />;
}
