import { LogoutOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useEffect } from 'react';
import { Link, NavLink, Navigate, Outlet, useLocation } from 'react-router';
import { profileQuery } from '../features/account/account-api';
import { displayName } from '../features/account/user-display';
import '../features/application/application.css';
import { loginHref } from '../features/session/login-redirect';
import { PageLoading } from '../components/load-state';
import { ResultMessage } from '../components/result-message';
import { setSessionUser, useCurrentUser } from '../features/session/session';
import { useSignOut } from '../features/session/session-api';
import { deskOf, desksFor, rolesNeeded, worksAt } from '../features/staff/admin-nav';
import { paths } from '@fuliaotong/contracts/constants';
import { siteInfo } from '../site/site-info';

function AdminTopBar({ name, onSignOut, signingOut }: { name?: string; onSignOut?: () => void; signingOut?: boolean }) {
  return (
    <header className="admin-bar">
      <div className="admin-bar__inner">
        <Link to={paths.admin} className="admin-bar__brand">
          {siteInfo.name} · 工作台
        </Link>
        {name ? (
          <div className="admin-bar__user">
            <span className="admin-bar__name" title={name}>
              {name}
            </span>
            <Button size="small" icon={<LogoutOutlined aria-hidden />} loading={signingOut} onClick={onSignOut}>
              退出
            </Button>
          </div>
        ) : null}
      </div>
    </header>
  );
}

/**
 * The staff area's own simple layout (inside the signed-in guard): a top bar (title, the staff member,
 * log out), a menu and the page. Whether the user is staff is decided by the server on every call; the
 * page only chooses what to show.
 */
export default function AdminLayout() {
  const { pathname, search } = useLocation();
  const stored = useCurrentUser();
  const { signOut, pending } = useSignOut();
  // The role may have changed since signing in (an account made staff): the profile says what it is now.
  const profile = useQuery({ ...profileQuery(), enabled: stored !== null });
  useEffect(() => {
    if (profile.data) setSessionUser(profile.data);
  }, [profile.data]);

  if (!stored) return <Navigate to={loginHref(`${pathname}${search}`)} replace />;
  const user = profile.data ?? stored;
  const desks = desksFor(user.roles);
  const desk = deskOf(pathname);

  return (
    <div className="admin-layout">
      <AdminTopBar name={displayName(user)} onSignOut={() => void signOut()} signingOut={pending} />
      {profile.isPending ? (
        <PageLoading />
      ) : desks.length === 0 ? (
        <main className="admin-main">
          <ResultMessage
            kind="forbidden"
            title="仅限工作人员访问"
            text="当前账号不是工作人员。如需开通，请联系辅料通管理员；查看自己的样品申请请前往“我的申请”。"
            actions={
              <>
                <Link to={paths.applications} className="button button--primary">
                  我的申请
                </Link>
                <Link to={paths.home} className="button">
                  返回首页
                </Link>
              </>
            }
          />
        </main>
      ) : (
        <>
          <nav className="admin-nav" aria-label="工作台菜单">
            <div className="admin-nav__inner">
              {desks.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end={item.to === paths.admin}
                  className={({ isActive }) => (isActive ? 'admin-nav__link is-active' : 'admin-nav__link')}
                >
                  {item.label}
                </NavLink>
              ))}
            </div>
          </nav>
          <main className="admin-main">
            {desk && !desks.includes(desk) ? (
              <ResultMessage
                kind="forbidden"
                title="没有使用此功能的权限"
                text={`“${desk.label}”需要${rolesNeeded(desk)}角色。如需开通，请联系管理员。`}
                actions={
                  <Link to={desks[0]!.to} className="button button--primary">
                    前往{desks[0]!.label}
                  </Link>
                }
              />
            ) : (
              <>
                {desk && !worksAt(desk, user.roles) ? (
                  <Alert
                    className="admin-main__read-only"
                    type="info"
                    showIcon
                    title={`您可以查看“${desk.label}”；办理和修改需要${rolesNeeded(desk)}角色。`}
                  />
                ) : null}
                <Outlet />
              </>
            )}
          </main>
        </>
      )}
    </div>
  );
}
