import { useQuery } from '@tanstack/react-query';
import { isStaff, paths } from '@fuliaotong/contracts/constants';
import { Badge, Menu, Skeleton } from 'antd';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { SiteFooter } from '../default/site-footer';
import { SiteHeader } from '../default/site-header';
import { displayName, UserAvatar } from '../../features/account/user-display';
import { unreadNoticeCountQuery } from '../../features/notice/notice-api';
import { grantListQuery } from '../../features/plan/plan-api';
import { useCurrentUser } from '../../features/session/session';
import { accountNav } from '../../site/site-info';
import type { RouteHandle } from '../../site/route-handle';
import './account-layout.css';

/** The unread count, shown beside 消息通知 (only with a session: without, the page itself asks and gets 401). */
function useUnreadCount(): number {
  const user = useCurrentUser();
  const { data } = useQuery({ ...unreadNoticeCountQuery(), enabled: user !== null });
  return user ? (data?.count ?? 0) : 0;
}

/**
 * What the account is, under its name: 工作人员, 会员 while it holds a membership (what the plans sell),
 * else 用户.
 */
function useAccountKind(): string {
  const user = useCurrentUser();
  const staff = user !== null && isStaff(user);
  const { data } = useQuery({ ...grantListQuery(), enabled: user !== null && !staff });
  if (staff) return '工作人员';
  return data?.member ? '会员' : '用户';
}

function NavLabel({ to, label, count }: { to: string; label: string; count?: number }) {
  return (
    <Link to={to} className="account-nav__link">
      <span>{label}</span>
      {count ? <Badge count={count} overflowCount={99} size="small" aria-label={`${count} 条未读`} /> : null}
    </Link>
  );
}

/** The account area: the site header, the user and a menu of every account page, the page. */
export default function AccountLayout() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const group = handle?.layoutIndex ?? 2;
  const selected = pathname === paths.accountIndex ? paths.account : pathname === paths.quoteRequest ? paths.quotes : pathname;
  const user = useCurrentUser();
  const unread = useUnreadCount();
  const kind = useAccountKind();
  const labelOf = (item: (typeof accountNav)[number]) => (
    <NavLabel to={item.to} label={item.label} count={item.to === paths.notices ? unread : undefined} />
  );

  return (
    <div className="layout layout--account">
      <SiteHeader />
      <div className="container account-layout" data-layout-index={group}>
        <aside className="account-layout__menu" aria-label="账号菜单">
          <div className="account-user">
            {user ? (
              <>
                <UserAvatar user={user} size={48} />
                <div className="account-user__text">
                  <div className="account-user__name">{displayName(user)}</div>
                  <div className="account-user__role">{kind}</div>
                </div>
              </>
            ) : (
              <Skeleton avatar={{ size: 48 }} title={{ width: 96 }} paragraph={{ rows: 1, width: 56 }} active={false} />
            )}
          </div>
          <Menu
            className="account-menu"
            mode="inline"
            selectedKeys={[selected]}
            items={[
              {
                type: 'group',
                key: 'g2',
                label: '我的辅料通',
                children: accountNav.filter((i) => i.group === 2).map((i) => ({ key: i.to, label: labelOf(i) })),
              },
              {
                type: 'group',
                key: 'g7',
                label: '账号设置',
                children: accountNav.filter((i) => i.group === 7).map((i) => ({ key: i.to, label: labelOf(i) })),
              },
            ]}
          />
          <nav className="account-tabs" aria-label="账号页面">
            {accountNav.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className={item.to === selected ? 'account-tabs__link is-active' : 'account-tabs__link'}
              >
                {item.label}
                {item.to === paths.notices && unread ? <Badge count={unread} overflowCount={99} size="small" /> : null}
              </Link>
            ))}
          </nav>
        </aside>
        <main className="account-layout__content">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
