import { redirect } from 'react-router';
import { paths } from '../paths';

export function loader() {
  return redirect(paths.home, 302);
}
