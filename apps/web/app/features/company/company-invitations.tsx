import type { Company, CompanyInvitationBody, MyCompanyInvitation } from '@fuliaotong/contracts';
import { COMPANY_INVITATION_DAYS } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Popconfirm, Select } from 'antd';
import dayjs from 'dayjs';
import { LoadState } from '../../components/load-state';
import { toast } from '../../components/toast';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { companyInvitationsQuery, useAnswerInvitation, useInviteToCompany, useRevokeInvitation } from './company-api';
import { expiryText, invitationForm, roleOptions, rolesText } from './company-rules';
import { CompanyStatusTag, InvitationStatusTag } from './company-status';
import './company.css';

/** The invitations addressed to the user (to a mobile number or e-mail address they verified): 接受 or 拒绝. */
export function MyInvitations({ invitations }: { invitations: readonly MyCompanyInvitation[] }) {
  const answer = useAnswerInvitation();
  const answering = (id: number) => answer.isPending && answer.variables?.id === id;
  const reply = (invitation: MyCompanyInvitation, accept: boolean) =>
    answer.mutate(
      { id: invitation.id, accept },
      {
        onSuccess: () => toast.success(accept ? `已加入企业 ${invitation.companyName}` : '已拒绝邀请'),
        onError: (error) => toast.error(errorMessage(error, accept ? '接受邀请失败，请稍后重试' : '操作失败，请稍后重试')),
      },
    );
  return (
    <section className="panel" aria-labelledby="invited-title">
      <h2 className="panel__title" id="invited-title">
        企业邀请
      </h2>
      <ul className="company-list" aria-label="发给我的企业邀请">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="company-list__item">
            <div className="company-list__main">
              <span className="company-list__name">
                {invitation.companyName} <CompanyStatusTag status={invitation.companyStatus} />
              </span>
              <span className="company-list__meta">
                {invitation.invitedBy} 邀请您以「{rolesText(invitation.roles)}」加入 · {expiryText(invitation.expiresAt)}
              </span>
            </div>
            <span className="company-list__actions">
              <Button
                type="primary"
                size="small"
                loading={answering(invitation.id) && answer.variables?.accept}
                disabled={answer.isPending}
                onClick={() => reply(invitation, true)}
                aria-label={`接受 ${invitation.companyName} 的邀请`}
              >
                接受
              </Button>
              <Button
                size="small"
                loading={answering(invitation.id) && !answer.variables?.accept}
                disabled={answer.isPending}
                onClick={() => reply(invitation, false)}
                aria-label={`拒绝 ${invitation.companyName} 的邀请`}
              >
                拒绝
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <p className="muted small">每个账号只能属于一个企业：接受一个邀请后，其他邀请不能再接受。</p>
    </section>
  );
}

/** The 管理员 invites a mobile number or e-mail address with roles, and sees (and withdraws) what was sent. */
export function CompanyInvitations({ company }: { company: Company }) {
  const invitations = useQuery(companyInvitationsQuery(company.id));
  const revoke = useRevokeInvitation(company.id);
  const { form, onFinish, formError, pending, reset } = useMutationForm(useInviteToCompany(company.id), {
    ...invitationForm,
    onSuccess: () => reset(),
  });
  return (
    <section className="panel" aria-labelledby="invitations-title">
      <h2 className="panel__title" id="invitations-title">
        邀请成员
      </h2>
      <FormError className="form-alert" message={formError} />
      <Form<CompanyInvitationBody>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        className="company-invite"
        aria-label="邀请成员"
        initialValues={{ roles: ['purchasing'] }}
      >
        <Form.Item
          name="account"
          label="手机号或邮箱"
          rules={[{ required: true, whitespace: true, message: '请填写对方的手机号或邮箱' }, schemaRule((s) => s.AccountName)]}
        >
          <Input maxLength={100} placeholder="对方注册或验证过的手机号或邮箱" />
        </Form.Item>
        <Form.Item name="roles" label="角色（可多选）" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个角色' }]}>
          <Select mode="multiple" options={roleOptions} aria-label="被邀请人的角色" placeholder="选择角色" />
        </Form.Item>
        <Form.Item className="company-invite__submit">
          <Button type="primary" htmlType="submit" loading={pending}>
            发送邀请
          </Button>
        </Form.Item>
      </Form>
      <p className="muted small">
        对方用这个手机号或邮箱登录（或注册）后，在“我的企业”中接受邀请；邀请 {COMPANY_INVITATION_DAYS} 天内有效。
      </p>
      <h3 className="company-subtitle">已发出的邀请</h3>
      <LoadState
        query={invitations}
        errorTitle="邀请加载失败"
        rows={2}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="muted">还没有发出邀请。</p>}
      >
        {(data) => (
          <ul className="company-list" aria-label="已发出的邀请">
            {data.items.map((invitation) => (
              <li key={invitation.id} className="company-list__item">
                <div className="company-list__main">
                  <span className="company-list__name">
                    {invitation.account} <InvitationStatusTag status={invitation.status} />
                  </span>
                  <span className="company-list__meta">
                    {rolesText(invitation.roles)} · {dayjs(invitation.createdAt).format('YYYY-MM-DD')} 发出
                    {invitation.status === 'pending' ? ` · ${expiryText(invitation.expiresAt)}` : ''}
                  </span>
                </div>
                {invitation.status === 'pending' ? (
                  <span className="company-list__actions">
                    <Popconfirm
                      title={`撤回发给 ${invitation.account} 的邀请？`}
                      okText="撤回"
                      cancelText="取消"
                      onConfirm={() =>
                        revoke.mutateAsync(invitation.id).then(
                          () => toast.success('邀请已撤回'),
                          (error: unknown) => toast.error(errorMessage(error, '撤回失败，请稍后重试')),
                        )
                      }
                    >
                      <Button size="small" aria-label={`撤回发给 ${invitation.account} 的邀请`}>
                        撤回
                      </Button>
                    </Popconfirm>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
