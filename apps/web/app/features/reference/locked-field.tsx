import type { Locked } from '@fuliaotong/contracts';
import { LockOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { loginHref } from '../session/login-redirect';
import { paths, withQuery } from '@fuliaotong/contracts/constants';
import './reference.css';

/** What stands in place of fields the visitor may not see: a log-in prompt, or the plans that unlock them. */
export function LockedNote({ locked }: { locked: Locked }) {
  const location = useLocation();
  const href =
    locked.level === 'login' ? loginHref(location.pathname + location.search) : withQuery(paths.upgrade, { for: locked.database });
  return (
    <span className={`locked-note locked-note--${locked.level}`}>
      <LockOutlined aria-hidden /> <Link to={href}>{locked.message}</Link>
    </span>
  );
}

/** The lock that hides `field`, if any. */
export function lockOf(locked: Locked[], field: string): Locked | undefined {
  return locked.find((l) => l.fields.includes(field));
}
