import { applicationStatusLabels, STAFF_ROLES, staffRoleDescriptions, staffRoleLabels, paths } from '@fuliaotong/contracts/constants';
import type { AdminUser, AdminUserSummary, AdminUserUpdateBody, StaffRole } from '@fuliaotong/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, DatePicker, Descriptions, Form, Input, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../features/session/session';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { adminUserQuery, adminUsersQuery, USERS_PAGE_SIZE, useUpdateAdminUser } from '../../features/staff/staff-api';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

export function meta() {
  return pageMeta(paths.adminUsers);
}

const FILTERS = [
  { value: 'all', label: '全部' },
  { value: 'member', label: '普通用户' },
  { value: 'staff', label: '工作人员' },
  { value: 'paying', label: '付费用户' },
  { value: 'disabled', label: '已停用' },
] as const;

const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');
/** The last day of paid access, as staff say it: access until the end of that (Beijing) day. */
const lastDay = (iso: string) => dayjs(iso).subtract(1, 'second').format('YYYY-MM-DD');

function StatusTag({ user }: { user: AdminUserSummary }) {
  if (user.deleted) return <Tag>已注销</Tag>;
  if (user.disabled) return <Tag color="red">已停用</Tag>;
  return <Tag color="green">正常</Tag>;
}

function RoleTags({ roles }: { roles: readonly StaffRole[] }) {
  if (roles.length === 0) return <span className="staff-desk__muted">用户</span>;
  return (
    <>
      {roles.map((role) => (
        <Tag key={role} color="blue">
          {staffRoleLabels[role]}
        </Tag>
      ))}
    </>
  );
}

/** The users desk: find users, open one to change roles, access or whether it may sign in. */
export default function AdminUsersPage() {
  const { searchParams, keyword, page, openId: open, go } = useDeskQuery();
  const filter = paramOf(searchParams.get('filter'), FILTERS.map((f) => f.value), 'all');
  const openId = typeof open === 'number' ? open : undefined;
  const list = useQuery(adminUsersQuery({ filter, keyword: keyword || undefined, page, pageSize: USERS_PAGE_SIZE }));

  const columns: ColumnsType<AdminUserSummary> = [
    {
      title: '账号',
      dataIndex: 'account',
      render: (account: string, user) => (
        <DeskLink onClick={() => go({ id: user.id })} label={`管理用户 ${account}`}>
          {account}
        </DeskLink>
      ),
    },
    { title: '姓名 / 昵称', key: 'name', render: (_, user) => [user.name, user.nickName].filter(Boolean).join(' / ') || '—' },
    { title: '角色', dataIndex: 'roles', render: (roles: StaffRole[]) => <RoleTags roles={roles} /> },
    { title: '数据库权限至', dataIndex: 'memberUntil', render: (until: string | null) => (until ? lastDay(until) : '—') },
    { title: '样品申请', dataIndex: 'applicationCount', align: 'right' },
    { title: '注册时间', dataIndex: 'createdAt', render: day },
    { title: '状态', key: 'status', render: (_, user) => <StatusTag user={user} /> },
  ];

  return (
    <Desk
      path={paths.adminUsers}
      refresh={list}
      filters={
        <>
          <DeskChoice label="用户筛选" param="filter" value={filter} options={FILTERS} />
          <DeskSearch label="搜索用户" placeholder="账号、姓名或昵称" />
        </>
      }
      editor={<UserDrawer id={openId} onClose={() => go({ id: null })} />}
    >
      <DeskTable
        list={list}
        columns={columns}
        errorTitle="用户列表加载失败"
        scrollX={860}
        noun="用户"
        paging={{ pageSize: USERS_PAGE_SIZE, unit: '位' }}
      />
    </Desk>
  );
}

interface UserForm {
  roles: StaffRole[];
  enabled: boolean;
  until: Dayjs | null;
  reason?: string;
}

/** One user: what the desk may change, and the latest applications. */
function UserDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const user = useQuery({ ...adminUserQuery(id ?? 0), enabled: id !== undefined });
  return (
    <DeskDrawer open={id !== undefined} onClose={onClose} title={user.data ? `用户 ${user.data.account}` : '用户'}>
      <DeskItem item={user} errorTitle="用户信息加载失败">
        {(data) => <UserEditor user={data} />}
      </DeskItem>
    </DeskDrawer>
  );
}

function UserEditor({ user }: { user: AdminUser }) {
  const me = useCurrentUser();
  const { form, onFinish, formError, pending } = useMutationForm(useUpdateAdminUser(user.id), {
    variables: (values: UserForm): AdminUserUpdateBody => ({
      roles: values.roles,
      disabled: !values.enabled,
      memberUntil: values.until ? values.until.format('YYYY-MM-DD') : null,
      ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
    }),
    fields: ['roles', 'disabled', 'memberUntil', 'reason'],
    success: '已保存，修改已记入操作日志',
  });
  const self = me?.id === user.id;

  useEffect(() => {
    form.setFieldsValue({
      roles: user.roles,
      enabled: !user.disabled,
      until: user.memberUntil ? dayjs(lastDay(user.memberUntil)) : null,
      reason: '',
    });
  }, [form, user]);

  return (
    <div className="staff-desk__editor">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'account', label: '账号', children: user.account },
          { key: 'name', label: '姓名 / 昵称', children: [user.name, user.nickName].filter(Boolean).join(' / ') || '—' },
          { key: 'created', label: '注册时间', children: day(user.createdAt) },
          { key: 'consent', label: '同意协议', children: user.consentedAt ? day(user.consentedAt) : '—' },
          { key: 'status', label: '状态', children: <StatusTag user={user} /> },
        ]}
      />
      {user.deleted ? (
        <Alert className="staff-desk__alert" type="info" showIcon title="该账号已注销，不能修改。" />
      ) : (
        <>
          <FormError className="staff-desk__alert" message={formError} />
          <Form<UserForm> form={form} layout="vertical" onFinish={onFinish} className="staff-desk__form">
            <Form.Item label="工作人员角色" name="roles" extra={self ? '不能取消自己的管理员角色。' : '不选任何角色即为普通用户。'}>
              <Checkbox.Group className="staff-desk__roles">
                {STAFF_ROLES.map((role) => (
                  <Checkbox key={role} value={role} disabled={self && role === 'admin'}>
                    <strong>{staffRoleLabels[role]}</strong>
                    <span className="staff-desk__muted">：{staffRoleDescriptions[role]}</span>
                  </Checkbox>
                ))}
              </Checkbox.Group>
            </Form.Item>
            <Form.Item label="数据库权限至（含当日）" name="until" extra="用于线下签约等情况；清空即取消。">
              <DatePicker allowClear placeholder="未开通" />
            </Form.Item>
            <Form.Item label="允许登录" name="enabled" valuePropName="checked" extra="停用后该账号在所有设备上的登录立即失效。">
              <Switch checkedChildren="正常" unCheckedChildren="停用" disabled={self} />
            </Form.Item>
            <Form.Item label="备注（记入操作日志）" name="reason">
              <Input maxLength={200} placeholder="如：线下合同 HT-2026-118" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={pending}>
              保存
            </Button>
            <Link className="staff-desk__history" to={`${paths.adminAudit}?entityType=user&entityId=${user.id}`}>
              查看该用户的修改记录
            </Link>
          </Form>
        </>
      )}
      <h3 className="staff-desk__subtitle">最近的样品申请（共 {user.applicationCount} 份）</h3>
      {user.applications.length === 0 ? (
        <p className="staff-desk__muted">暂无样品申请</p>
      ) : (
        <ul className="staff-desk__applications">
          {user.applications.map((application) => (
            <li key={application.id}>
              <Link to={`${paths.adminApplications}?id=${application.id}`}>{application.number}</Link>
              <span>{applicationStatusLabels[application.status]}</span>
              <span className="staff-desk__muted">
                {application.itemCount} 种 · {day(application.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
