import { DownOutlined, MenuOutlined, SearchOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CountBadge } from '../../components/count-badge';
import { displayName, UserAvatar } from '../../features/account/user-display';
import { loginHref, registerHref } from '../../features/session/login-redirect';
import { CART_BADGE_COLOR, CART_BADGE_OVERFLOW, cartLinkName, useShownCartCount } from '../../features/sample-cart/use-cart-count';
import { useCurrentUser } from '../../features/session/session';
import { paths } from '@fuliaotong/contracts/constants';
import { mainNav, siteInfo } from '../../site/site-info';
import './site-header.css';

// The account menu (signed-in visitors only) and the phone navigation drawer (after a tap) are not
// needed to show a page: their code, antd's with it, loads when they are first shown.
const AccountMenu = lazy(() => import('./account-menu'));
const NavDrawer = lazy(() => import('./nav-drawer'));

function isCurrent(pathname: string, match: string[]) {
  return match.includes(pathname);
}

export function SiteHeader() {
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const [drawerShown, setDrawerShown] = useState(false);
  // The count the side panel keeps fresh, shown on the header's cart icon too.
  const cartCount = useShownCartCount();
  // Null on the server and during hydration: the logged-out header is what both render first.
  const user = useCurrentUser();
  const here = `${pathname}${search}`;

  const userButton = user ? (
    <button type="button" className="site-header__user">
      <UserAvatar user={user} size={28} aria-hidden />
      <span className="site-header__user-name">{displayName(user)}</span>
      <span className="visually-hidden">，账号菜单</span>
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
            <CountBadge count={cartCount} overflow={CART_BADGE_OVERFLOW} color={CART_BADGE_COLOR}>
              <ShoppingCartOutlined aria-hidden />
            </CountBadge>
          </Link>
          {user ? (
            <Suspense fallback={userButton}>
              <AccountMenu user={user}>{userButton}</AccountMenu>
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
          <button
            type="button"
            className="site-header__menu-button"
            aria-label="打开导航菜单"
            onClick={() => {
              setDrawerShown(true);
              setOpen(true);
            }}
          >
            <MenuOutlined aria-hidden />
          </button>
        </div>
      </div>
      {drawerShown ? (
        <Suspense>
          <NavDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
