import { DeleteOutlined, EditOutlined, KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { sexLabels, paths } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Popconfirm, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/account-home';
import { PageHeading } from '../../components/page-heading';
import { profileQuery, summaryQuery, useUpdateProfile } from '../../features/account/account-api';
import { AccountShortcuts } from '../../features/account/account-shortcuts';
import { GrantSummary } from '../../features/plan/grant-summary';
import { AvatarUpload } from '../../features/account/avatar-upload';
import { displayName, maskAccount } from '../../features/account/user-display';
import { setSessionUser, useCurrentUser } from '../../features/session/session';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { useSignOut } from '../../features/session/session-api';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';
import { grantListQuery } from '../../features/plan/plan-api';
import '../../features/account/account.css';
import '../../features/plan/plan.css';
import { toast } from '../../components/toast';
import { useOpenedOnce } from '../../components/opened-once';

export const handle = accountHandle;

// The dialogs (forms with their checks) load when first opened, not with the page.
const EditProfileModal = lazy(() => import('../../features/account/edit-profile-modal').then((m) => ({ default: m.EditProfileModal })));
const ChangePasswordModal = lazy(() => import('../../features/account/change-password-modal').then((m) => ({ default: m.ChangePasswordModal })));
const DeleteAccountModal = lazy(() => import('../../features/account/delete-account-modal').then((m) => ({ default: m.DeleteAccountModal })));

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

export function clientLoader() {
  return loadSignedInQueries((ensure) => [ensure(profileQuery()), ensure(summaryQuery()), ensure(grantListQuery())]);
}

function Counts() {
  const { data, isPending, isError } = useQuery(summaryQuery());
  const items = [
    { label: '我的申请', to: paths.applications, value: data?.applications },
    { label: '我的收藏', to: paths.favorites, value: data?.favorites },
    { label: '未读消息', to: paths.notices, value: data?.unreadNotices },
  ];
  return (
    <section className="counts" aria-label="账号概况">
      {items.map((item) => (
        <Link key={item.to} to={item.to} className="counts__item">
          <span className="counts__value">{isPending ? '…' : isError ? '–' : item.value}</span>
          <span className="counts__label">{item.label}</span>
        </Link>
      ))}
    </section>
  );
}

export default function AccountHomePage() {
  const stored = useCurrentUser();
  const profile = useQuery(profileQuery());
  const user = profile.data ?? stored;
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const opened = useOpenedOnce({ editing, changingPassword, deleting });
  const { signOut, pending: signingOut } = useSignOut();
  const info = pageInfo(paths.account);

  // The server's profile is the truth: keep the stored user (header, menu, other tabs) in step.
  useEffect(() => {
    if (profile.data) setSessionUser(profile.data);
  }, [profile.data]);

  const removeAvatar = useUpdateProfile();
  const confirmRemoveAvatar = () =>
    removeAvatar.mutate(
      { avatar: null },
      {
        onSuccess: () => toast.success('头像已移除'),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <div className="page account-page">
      <PageHeading title={info.title} description={info.description} />
      <section className="panel profile-card" aria-label="个人资料">
        {user ? (
          <>
            <div className="profile-card__avatar">
              <AvatarUpload user={user} />
              {user.avatar ? (
                <Popconfirm title="移除头像？" okText="移除" cancelText="取消" onConfirm={confirmRemoveAvatar}>
                  <Button type="link" size="small" loading={removeAvatar.isPending}>
                    移除头像
                  </Button>
                </Popconfirm>
              ) : (
                <span className="profile-card__hint">点击头像上传</span>
              )}
            </div>
            <div className="profile-card__body">
              <h2 className="profile-card__name">{displayName(user)}</h2>
              <Descriptions
                className="profile-card__details"
                column={{ xs: 1, sm: 2, md: 2, lg: 3 }}
                size="small"
                items={[
                  { key: 'nickName', label: '昵称', children: user.nickName || '未设置' },
                  { key: 'name', label: '姓名', children: user.name || '未填写' },
                  { key: 'sex', label: '性别', children: sexLabels[user.sex] },
                  { key: 'account', label: '账号', children: maskAccount(user.account) },
                  { key: 'notify', label: '短信与邮件通知', children: (user.notifyBySmsAndEmail ?? true) ? '已开启' : '已关闭' },
                ]}
              />
              <div className="profile-card__actions">
                <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                  编辑资料
                </Button>
                <Button icon={<KeyOutlined aria-hidden />} onClick={() => setChangingPassword(true)}>
                  修改密码
                </Button>
              </div>
            </div>
            <Suspense fallback={null}>
              {opened.editing ? <EditProfileModal user={user} open={editing} onClose={() => setEditing(false)} /> : null}
              {opened.changingPassword ? <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} /> : null}
            </Suspense>
          </>
        ) : (
          <Skeleton avatar={{ size: 80 }} active paragraph={{ rows: 2 }} />
        )}
      </section>

      <Counts />

      <GrantSummary />

      <section className="panel">
        <h2 className="panel__title">常用功能</h2>
        <AccountShortcuts />
      </section>

      <section className="panel account-security">
        <h2 className="panel__title">登录与安全</h2>
        <p className="account-security__text">在公共电脑上使用后，请退出登录。如果怀疑账号在别处被登录，可在所有设备上退出并修改密码。</p>
        <div className="account-security__actions">
          <Button icon={<LogoutOutlined aria-hidden />} loading={signingOut} onClick={() => void signOut()}>
            退出登录
          </Button>
          <Popconfirm
            title="在所有设备上退出？"
            description="您在所有设备和浏览器上的登录都将失效，包括本设备。"
            okText="全部退出"
            cancelText="取消"
            onConfirm={() => signOut(true)}
          >
            <Button danger>在所有设备上退出</Button>
          </Popconfirm>
        </div>
        <div className="account-security__danger">
          <h3 className="account-security__subtitle">注销账号</h3>
          <p className="account-security__text">
            注销后，您的个人资料、收货地址、收藏和消息将被删除且无法恢复；已完成的样品申请作为寄样记录保留，联系方式隐去部分内容。
          </p>
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDeleting(true)} disabled={!user}>
            注销账号
          </Button>
          {user && opened.deleting ? (
            <Suspense fallback={null}>
              <DeleteAccountModal user={user} open={deleting} onClose={() => setDeleting(false)} onDeleted={() => setDeleting(false)} />
            </Suspense>
          ) : null}
        </div>
      </section>
    </div>
  );
}
