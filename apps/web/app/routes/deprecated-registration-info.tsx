import { redirect } from 'react-router';
import { paths } from '../paths';

/** The old registration-info page moved for good. */
export function loader() {
  return redirect(paths.registrations, 301);
}
