import { redirect } from 'react-router';
import { paths } from '@fuliaotong/contracts/constants';

/** The old registration-info page moved for good. */
export function loader() {
  return redirect(paths.registrations, 301);
}
