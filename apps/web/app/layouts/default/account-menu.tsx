import { AuditOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { isStaff, paths } from '@fuliaotong/contracts/constants';
import { Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../features/session/session-store';
import { useSignOut } from '../../features/session/session-api';
import { AntdScope } from '../../lib/antd-scope';

/** The signed-in visitor's menu under their name in the header: its code loads once someone is signed in. */
export default function AccountMenu({ user, children }: { user: SessionUser; children: ReactNode }) {
  return (
    <AntdScope>
      <AccountDropdown user={user}>{children}</AccountDropdown>
    </AntdScope>
  );
}

function AccountDropdown({ user, children }: { user: SessionUser; children: ReactNode }) {
  const navigate = useNavigate();
  const { signOut } = useSignOut();
  return (
    <Dropdown
      trigger={['click', 'hover']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'account', icon: <UserOutlined aria-hidden />, label: '个人中心' },
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
      {children}
    </Dropdown>
  );
}
