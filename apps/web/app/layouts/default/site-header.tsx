import {
  AuditOutlined,
  DownOutlined,
  LogoutOutlined,
  MenuOutlined,
  SearchOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { isStaff } from '@fuliaotong/contracts/constants';
import { Badge, Button } from 'antd';
import { Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { displayName, UserAvatar } from '../../features/account/user-display';
import { loginHref, registerHref } from '../../features/session/login-redirect';
import { CART_BADGE_COLOR, CART_BADGE_OVERFLOW, cartLinkName, useShownCartCount } from '../../features/sample/use-cart-count';
import { useCurrentUser } from '../../features/session/session';
import { useSignOut } from '../../features/session/session-api';
import { lazyAntd } from '../../lib/lazy-antd';
import { paths } from '../../paths';
import { mainNav, siteInfo } from '../../site/site-info';
import './site-header.css';

// The account menu (signed-in visitors only) and the phone navigation drawer (after a tap) are not
// needed to show a page: their code loads when they are first shown, not with every page.
const Dropdown = lazyAntd('Dropdown', () => import('antd/es/dropdown'));
const Drawer = lazyAntd('Drawer', () => import('antd/es/drawer'));

function isCurrent(pathname: string, match: string[]) {
  return match.includes(pathname);
}

export function SiteHeader() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [drawerShown, setDrawerShown] = useState(false);
  // The count the side panel keeps fresh, shown on the header's cart icon too.
  const cartCount = useShownCartCount();
  // Null on the server and during hydration: the logged-out header is what both render first.
  const user = useCurrentUser();
  const { signOut } = useSignOut();
  const here = `${pathname}${search}`;

  const userButton = user ? (
    <button type="button" className="site-header__user">
      <UserAvatar user={user} size={28} aria-hidden />
      <span className="site-header__user-name">{displayName(user)}</span>
      <span className="visually-hidden">，账户菜单</span>
      <DownOutlined aria-hidden className="site-header__user-caret" />
    </button>
  ) : null;
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        {/* Named by what it shows (辅料通 and the slogan): a screen reader says what a sighted user sees. */}
        <Link to={paths.home} className="site-header__brand">
          <span className="site-header__logo" aria-hidden>
            辅
          </span>
          <span className="site-header__name">{siteInfo.name}</span>
          <span className="site-header__slogan">{siteInfo.slogan}</span>
        </Link>
        <nav className="site-header__nav" aria-label="主导航">
          {mainNav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={() => (isCurrent(pathname, item.match) ? 'site-nav__link is-active' : 'site-nav__link')}
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="site-header__actions">
          <Link to={paths.search} className="site-header__icon" aria-label="站内搜索">
            <SearchOutlined aria-hidden />
          </Link>
          <Link to={paths.sampleCart} className="site-header__icon" aria-label={cartLinkName(cartCount)}>
            <Badge count={cartCount} overflowCount={CART_BADGE_OVERFLOW} color={CART_BADGE_COLOR} size="small">
              <ShoppingCartOutlined aria-hidden />
            </Badge>
          </Link>
          {user ? (
            <Suspense fallback={userButton}>
              <Dropdown
                trigger={['click', 'hover']}
                placement="bottomRight"
                menu={{
                  items: [
                    { key: 'account', icon: <UserOutlined aria-hidden />, label: '会员中心' },
                    ...(isStaff(user) ? [{ key: 'admin', icon: <AuditOutlined aria-hidden />, label: '工作台' }] : []),
                    { type: 'divider' },
                    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录' },
                  ],
                  onClick: ({ key }) => {
                    if (key === 'account') void navigate(paths.account);
                    else if (key === 'admin') void navigate(paths.admin);
                    else void signOut();
                  },
                }}
              >
                {userButton}
              </Dropdown>
            </Suspense>
          ) : (
            <span className="site-header__auth">
              <Link to={loginHref(here)} className="site-header__login">
                登录
              </Link>
              <span className="site-header__auth-sep" aria-hidden>
                /
              </span>
              <Link to={registerHref(here)} className="site-header__register">
                注册
              </Link>
            </span>
          )}
          <Button
            className="site-header__menu-button"
            type="text"
            icon={<MenuOutlined aria-hidden />}
            aria-label="打开导航菜单"
            onClick={() => {
              setDrawerShown(true);
              setOpen(true);
            }}
          />
        </div>
      </div>
      {drawerShown ? (
        <Suspense>
          <Drawer title="导航" placement="right" size={260} open={open} onClose={() => setOpen(false)}>
            <nav className="site-drawer-nav" aria-label="导航菜单">
              {mainNav.map((item) => (
                <Link
                  key={item.to}
                  to={item.to}
                  onClick={() => setOpen(false)}
                  className={isCurrent(pathname, item.match) ? 'is-active' : undefined}
                >
                  {item.label}
                </Link>
              ))}
              <Link to={paths.sampleCart} onClick={() => setOpen(false)}>
                样品车
              </Link>
              {user ? (
                <>
                  <Link to={paths.account} onClick={() => setOpen(false)}>
                    会员中心（{displayName(user)}）
                  </Link>
                  {isStaff(user) ? (
                    <Link to={paths.admin} onClick={() => setOpen(false)}>
                      工作台
                    </Link>
                  ) : null}
                  <button
                    type="button"
                    className="site-drawer-nav__button"
                    onClick={() => {
                      setOpen(false);
                      void signOut();
                    }}
                  >
                    退出登录
                  </button>
                </>
              ) : (
                <>
                  <Link to={loginHref(here)} onClick={() => setOpen(false)}>
                    登录
                  </Link>
                  <Link to={registerHref(here)} onClick={() => setOpen(false)}>
                    注册
                  </Link>
                </>
              )}
            </nav>
          </Drawer>
        </Suspense>
      ) : null}
    </header>
  );
}
