import { useQuery } from '@tanstack/react-query';
import { isStaff, paths } from '@fuliaotong/contracts/constants';
import { Skeleton } from 'antd';
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

/** The unread count beside 消息通知, in antd's small badge look ("99+" above 99). */
function UnreadCount({ count }: { count: number }) {
  return count ? (
    <span className="account-nav__count" aria-label={`${count} 条未读`}>
      {count > 99 ? '99+' : count}
    </span>
  ) : null;
}

/** The menu's groups (site-info's accountNav), each under its title. */
const navGroups = [
  { group: 2, title: '我的辅料通' },
  { group: 7, title: '账号设置' },
] as const;

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
  // The current page's link (a new quote request is under 我的询价); NavLink's matching would take /account for every page.
  const linkProps = (item: (typeof accountNav)[number], className: string) => ({
    to: item.to,
    className: item.to === selected ? `${className} is-active` : className,
    'aria-current': item.to === selected ? ('page' as const) : undefined,
  });

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
          <nav className="account-menu" aria-label="账号导航">
            {navGroups.map(({ group: g, title }) => (
              <div key={g} className="account-menu__group">
                <div className="account-menu__title" id={`account-menu-${g}`}>
                  {title}
                </div>
                <ul className="account-menu__list" aria-labelledby={`account-menu-${g}`}>
                  {accountNav
                    .filter((item) => item.group === g)
                    .map((item) => (
                      <li key={item.to}>
                        <Link {...linkProps(item, 'account-menu__link')}>
                          <span>{item.label}</span>
                          {item.to === paths.notices ? <UnreadCount count={unread} /> : null}
                        </Link>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
          </nav>
          <nav className="account-tabs" aria-label="账号页面">
            {accountNav.map((item) => (
              <Link key={item.to} {...linkProps(item, 'account-tabs__link')}>
                {item.label}
                {item.to === paths.notices ? <UnreadCount count={unread} /> : null}
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
