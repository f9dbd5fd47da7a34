import type { CompanyBody, CompanyInvitation, CompanyInvitationBody } from '@fuliaotong/contracts';
import { ApiError } from '@fuliaotong/client';
import { describe, expect, it } from 'vitest';
import { submitMutationForm } from '../../lib/mutation-form';
import { companyForm, invitationForm } from './company-rules';

/** What a form is told: field errors and values set. */
function formRecorder() {
  const told: { fields: unknown[] } = { fields: [] };
  return { told, form: { setFields: (fields: unknown) => void told.fields.push(fields), setFieldsValue: () => undefined } };
}

/** A change that answers `answer` and keeps what it was sent. */
function mutation<Body, Result>(answer: () => Promise<Result>) {
  const sent: Body[] = [];
  return {
    sent,
    isPending: false,
    mutateAsync: (body: Body) => {
      sent.push(body);
      return answer();
    },
  };
}

const refusal = (status: number, code: string, message: string, details?: Array<{ path: string; message: string }>) =>
  new ApiError(status, { error: { code, message, details, requestId: 'r1' } });

const company: CompanyBody = { name: ' 浙江示例制药股份有限公司 ', creditCode: '91330100716105852F', contactName: '王采购 ', contactPhone: '13800138000' };

describe('创建企业', () => {
  it('sends the fields trimmed', async () => {
    const create = mutation<CompanyBody, unknown>(async () => ({}));
    const { form } = formRecorder();
    const said: string[] = [];
    await submitMutationForm(form, create, { ...companyForm, success: '企业已创建' }, company, (text) => said.push(text));
    expect(create.sent).toEqual([{ name: '浙江示例制药股份有限公司', creditCode: '91330100716105852F', contactName: '王采购', contactPhone: '13800138000' }]);
    expect(said).toEqual(['企业已创建']);
  });

  it('puts the server’s field errors under their fields, and says above the form that the user already has a company', async () => {
    const invalid = formRecorder();
    const checked = refusal(400, 'validation_failed', '请求参数不正确', [{ path: 'body.creditCode', message: '统一社会信用代码校验位不正确' }]);
    const shown = await submitMutationForm(invalid.form, mutation<CompanyBody, unknown>(() => Promise.reject(checked)), { ...companyForm, success: '' }, company);
    expect(invalid.told.fields).toEqual([[{ name: ['creditCode'], errors: ['统一社会信用代码校验位不正确'] }]]);
    expect(shown).toBeUndefined();

    const member = formRecorder();
    const conflict = refusal(409, 'company_membership', '您已是企业 浙江示例药业有限公司 的成员，不能再创建或加入其他企业');
    expect(
      await submitMutationForm(member.form, mutation<CompanyBody, unknown>(() => Promise.reject(conflict)), { ...companyForm, success: '' }, company),
    ).toBe('您已是企业 浙江示例药业有限公司 的成员，不能再创建或加入其他企业');
    expect(member.told.fields).toEqual([]);
  });
});

describe('邀请成员', () => {
  const values: CompanyInvitationBody = { account: ' qa@example.com ', roles: ['rnd', 'quality'] };

  it('sends the address trimmed with the roles, and says how long the invitation holds', async () => {
    const invitation: CompanyInvitation = {
      id: 5,
      account: 'qa@example.com',
      roles: ['rnd', 'quality'],
      status: 'pending',
      createdAt: '2026-03-01T00:00:00Z',
      expiresAt: '2026-03-08T00:00:00Z',
    };
    const invite = mutation<CompanyInvitationBody, CompanyInvitation>(async () => invitation);
    const said: string[] = [];
    await submitMutationForm(formRecorder().form, invite, invitationForm, values, (text) => said.push(text));
    expect(invite.sent).toEqual([{ account: 'qa@example.com', roles: ['rnd', 'quality'] }]);
    expect(said).toEqual(['已邀请 qa@example.com，7 天内有效']);
  });

  it('puts a conflict under the address (already a member, already invited), anything else above the form', async () => {
    const conflicted = formRecorder();
    const conflict = refusal(409, 'conflict', '该账号已是本企业成员');
    const invite = mutation<CompanyInvitationBody, CompanyInvitation>(() => Promise.reject(conflict));
    expect(await submitMutationForm(conflicted.form, invite, invitationForm, values)).toBeUndefined();
    expect(conflicted.told.fields).toEqual([[{ name: ['account'], errors: ['该账号已是本企业成员'] }]]);

    const refused = formRecorder();
    const forbidden = refusal(403, 'forbidden', '只有企业管理员可以邀请成员');
    const notAdmin = mutation<CompanyInvitationBody, CompanyInvitation>(() => Promise.reject(forbidden));
    expect(await submitMutationForm(refused.form, notAdmin, invitationForm, values)).toBe('只有企业管理员可以邀请成员');
    expect(refused.told.fields).toEqual([]);
  });
});
