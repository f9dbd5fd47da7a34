import { UserOutlined } from '@ant-design/icons';
import { Avatar, type AvatarProps } from 'antd';
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

/** The user's avatar, or the first character of their name on the brand colour. */
export function UserAvatar({ user, size, ...rest }: { user: Pick<SessionUser, 'nickName' | 'account' | 'avatar'> } & AvatarProps) {
  if (user.avatar) return <Avatar size={size} src={apiUrl(user.avatar)} alt={displayName(user)} {...rest} />;
  const initial = user.nickName.trim().slice(0, 1);
  return (
    <Avatar size={size} className="user-avatar" icon={initial ? undefined : <UserOutlined aria-hidden />} {...rest}>
      {initial || null}
    </Avatar>
  );
}
