import { redirect } from 'react-router';
import { paths } from '@fuliaotong/contracts/constants';

export function loader() {
  return redirect(paths.home, 302);
}
