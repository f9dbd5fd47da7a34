import { isStaff, paths } from '@fuliaotong/contracts/constants';
import { Drawer } from 'antd';
import { Link, useLocation } from 'react-router';
import { displayName } from '../../features/account/user-display';
import { loginHref, registerHref } from '../../features/session/login-redirect';
import { useCurrentUser } from '../../features/session/session';
import { useSignOut } from '../../features/session/session-api';
import { AntdScope } from '../../lib/antd-scope';
import { mainNav } from '../../site/site-info';

/** The navigation of narrow screens, in a drawer from the right: its code loads at the first tap on 导航. */
export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AntdScope>
      <Drawer title="导航" placement="right" size={260} open={open} onClose={onClose}>
        <NavLinks onClose={onClose} />
      </Drawer>
    </AntdScope>
  );
}

function NavLinks({ onClose }: { onClose: () => void }) {
  const { pathname, search } = useLocation();
  const user = useCurrentUser();
  const { signOut } = useSignOut();
  const here = `${pathname}${search}`;
  return (
    <nav className="site-drawer-nav" aria-label="导航菜单">
      {mainNav.map((item) => (
        <Link key={item.to} to={item.to} onClick={onClose} className={item.match.includes(pathname) ? 'is-active' : undefined}>
          {item.label}
        </Link>
      ))}
      <Link to={paths.sampleCart} onClick={onClose}>
        样品车
      </Link>
      {user ? (
        <>
          <Link to={paths.account} onClick={onClose}>
            个人中心（{displayName(user)}）
          </Link>
          {isStaff(user) ? (
            <Link to={paths.admin} onClick={onClose}>
              工作台
            </Link>
          ) : null}
          <button
            type="button"
            className="site-drawer-nav__button"
            onClick={() => {
              onClose();
              void signOut();
            }}
          >
            退出登录
          </button>
        </>
      ) : (
        <>
          <Link to={loginHref(here)} onClick={onClose}>
            登录
          </Link>
          <Link to={registerHref(here)} onClick={onClose}>
            注册
          </Link>
        </>
      )}
    </nav>
  );
}
