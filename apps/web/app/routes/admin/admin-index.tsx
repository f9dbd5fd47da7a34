import { redirect } from 'react-router';
import { paths } from '../../paths';

/** /admin: the staff work starts at the list of applications. */
export function loader() {
  return redirect(paths.adminApplications, 302);
}
