import { useLocation } from 'react-router';
import { useCurrentUser } from '../session/session';
import { deskOf, rolesNeeded, worksAt } from './admin-nav';

/**
 * Whether the signed-in member of the staff does the work of the desk open now (its writes), or only
 * reads it (an administrator at another role's desk): desks hide or disable their writes then. The server
 * refuses them anyway, with a 403 naming the role.
 */
export function useDeskWrites(): { canWrite: boolean; needs: string } {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const desk = deskOf(pathname);
  if (!desk) return { canWrite: true, needs: '' };
  return { canWrite: worksAt(desk, user?.roles ?? []), needs: rolesNeeded(desk) };
}
