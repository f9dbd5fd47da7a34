import { UserOutlined } from '@ant-design/icons';
import type { SessionUser } from '../session/session-store';
import { apiUrl } from '../../lib/api';
import './user-display.css';

/** A mobile number with its middle digits hidden: 138****8000. */
export function maskAccount(account: string): string {
  if (/^1\d{10}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(7)}`;
  const at = account.indexOf('@');
  if (at > 1) return `${account.slice(0, Math.min(3, at - 1))}***${account.slice(at)}`;
  return account;
}

/** How the site names the user: the nickname, else the (masked) account. */
export function displayName(user: Pick<SessionUser, 'nickName' | 'account'>): string {
  return user.nickName.trim() || maskAccount(user.account);
}

/**
 * The user's avatar, or the first character of their name on the brand colour (a person icon without
 * one): a round picture `size` px across. Shown in the header, so plain markup rather than antd's Avatar.
 */
export function UserAvatar({
  user,
  size,
  'aria-hidden': ariaHidden,
}: {
  user: Pick<SessionUser, 'nickName' | 'account' | 'avatar'>;
  size: number;
  'aria-hidden'?: boolean;
}) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (user.avatar) {
    return (
      <img className="user-avatar user-avatar--image" src={apiUrl(user.avatar)} alt={ariaHidden ? '' : displayName(user)} style={style} />
    );
  }
  const initial = user.nickName.trim().slice(0, 1);
  return (
    <span
      className="user-avatar"
      style={style}
      aria-hidden={ariaHidden}
      role={ariaHidden ? undefined : 'img'}
      aria-label={ariaHidden ? undefined : displayName(user)}
    >
      {initial || <UserOutlined aria-hidden />}
    </span>
  );
}
