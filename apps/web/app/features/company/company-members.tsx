import type { Company, CompanyMember, CompanyRole } from '@fuliaotong/contracts';
import { companyRoleLabels } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Popconfirm, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadState } from '../../components/load-state';
import { toast } from '../../components/toast';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { useCurrentUser } from '../session/session';
import { companyMembersQuery, useRemoveMember, useSetMemberRoles } from './company-api';
import { isCompanyAdmin, isSoleAdmin, roleOptions } from './company-rules';
import './company.css';

/** The roles of a member, chosen from several (the 管理员 sets them); the company must keep a 管理员 (409). */
function RolesModal({ companyId, member, onClose }: { companyId: number; member: CompanyMember; onClose: () => void }) {
  const { form, onFinish, formError, pending } = useMutationForm(useSetMemberRoles(companyId), {
    variables: (values: { roles: CompanyRole[] }) => ({ userId: member.userId, roles: values.roles }),
    fields: ['roles'],
    fieldFor: (error) => (error.status === 409 ? 'roles' : undefined),
    success: `已更新 ${member.name} 的角色`,
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={`设置 ${member.name} 的角色`}
      okText="保存"
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormError className="form-alert" message={formError} />
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ roles: member.roles }}>
        <Form.Item
          name="roles"
          label="角色（可多选）"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个角色' }]}
          extra="管理员可邀请成员、设置角色和修改企业信息；企业须始终有一位管理员。"
        >
          <Select mode="multiple" options={roleOptions} aria-label="角色" placeholder="选择角色" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RoleTags({ roles }: { roles: readonly CompanyRole[] }) {
  return (
    <span className="company-member__roles">
      {roles.map((role) => (
        <Tag key={role} color={role === 'admin' ? 'gold' : 'blue'}>
          {companyRoleLabels[role]}
        </Tag>
      ))}
    </span>
  );
}

/** The members and their roles; the 管理员 sets roles and removes members; every member may leave. */
export function CompanyMembers({ company }: { company: Company }) {
  const members = useQuery(companyMembersQuery(company.id));
  const me = useCurrentUser();
  const remove = useRemoveMember(company.id);
  const [editing, setEditing] = useState<CompanyMember>();
  const [leaveError, setLeaveError] = useState<string>();
  const admin = isCompanyAdmin(company);

  const leave = () => {
    if (!me) return Promise.resolve();
    setLeaveError(undefined);
    return remove.mutateAsync(me.id).then(
      () => toast.success(`已退出企业 ${company.name}`),
      (error: unknown) => setLeaveError(errorMessage(error, '退出失败，请稍后重试')),
    );
  };
  const removeMember = (member: CompanyMember) =>
    remove.mutateAsync(member.userId).then(
      () => toast.success(`已将 ${member.name} 移出企业`),
      (error: unknown) => toast.error(errorMessage(error, '移除失败，请稍后重试')),
    );

  return (
    <section className="panel" aria-labelledby="members-title">
      <h2 className="panel__title" id="members-title">
        成员
      </h2>
      <LoadState query={members} errorTitle="成员加载失败" rows={3}>
        {(data) => (
          <>
            <ul className="company-list" aria-label="企业成员">
              {data.items.map((member) => {
                const self = member.userId === me?.id;
                return (
                  <li key={member.userId} className="company-list__item">
                    <div className="company-list__main">
                      <span className="company-list__name">
                        {member.name}
                        {self ? <span className="muted">（我）</span> : null}
                      </span>
                      <span className="company-list__meta">
                        {member.account} · {dayjs(member.joinedAt).format('YYYY-MM-DD')} 加入
                      </span>
                      <RoleTags roles={member.roles} />
                    </div>
                    {admin ? (
                      <span className="company-list__actions">
                        <Button size="small" onClick={() => setEditing(member)} aria-label={`设置 ${member.name} 的角色`}>
                          设置角色
                        </Button>
                        {self ? null : (
                          <Popconfirm
                            title={`将 ${member.name} 移出企业？`}
                            okText="移出"
                            okButtonProps={{ danger: true }}
                            cancelText="取消"
                            onConfirm={() => removeMember(member)}
                          >
                            <Button size="small" danger aria-label={`将 ${member.name} 移出企业`}>
                              移除
                            </Button>
                          </Popconfirm>
                        )}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {leaveError ? <Alert className="company-card__alert" type="error" showIcon title={leaveError} role="alert" /> : null}
            <div className="company-members__leave">
              {me && isSoleAdmin(data.items, me.id) ? (
                <span className="muted small">您是本企业唯一的管理员：请先为其他成员设置管理员角色，再退出企业。</span>
              ) : null}
              <Popconfirm
                title={`退出企业 ${company.name}？`}
                description="退出后不能再以本企业的名义申请样品；重新加入需企业管理员再次邀请。"
                okText="退出企业"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={leave}
              >
                <Button danger>退出企业</Button>
              </Popconfirm>
            </div>
          </>
        )}
      </LoadState>
      {editing ? <RolesModal companyId={company.id} member={editing} onClose={() => setEditing(undefined)} /> : null}
    </section>
  );
}
