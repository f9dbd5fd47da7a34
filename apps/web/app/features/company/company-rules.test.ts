import type { SampleAllowance } from '@fuliaotong/contracts';
import { CreditCode } from '@fuliaotong/contracts/forms';
import { describe, expect, it } from 'vitest';
import {
  allowanceBody,
  allowanceCountText,
  allowanceShortfall,
  allowanceText,
  canEditCompany,
  expiryText,
  isCompanyAdmin,
  isSoleAdmin,
  licenseProblem,
  rolesText,
} from './company-rules';

const allowance = (applicationsLeft: number, itemsLeft: number): SampleAllowance => ({
  year: 2026,
  applications: { limit: 24, used: 24 - applicationsLeft, left: applicationsLeft },
  items: { limit: 100, used: 100 - itemsLeft, left: itemsLeft },
  custom: false,
});

describe('the sample allowance as a member reads it', () => {
  it('says what is left of the year', () => {
    expect(allowanceText(allowance(3, 12))).toBe('本企业 2026 年样品额度：还可申请 3 份、12 种样品');
    // Staff may lower a company's allowance below what it used: nothing is left, never less.
    expect(allowanceText({ ...allowance(0, 0), applications: { limit: 2, used: 5, left: -3 } })).toBe(
      '本企业 2026 年样品额度：还可申请 0 份、0 种样品',
    );
    expect(allowanceCountText(allowance(21, 0).applications, '份')).toBe('已用 3 / 24 份，剩余 21 份');
  });

  it('stops an application that the allowance does not leave room for, and says why', () => {
    expect(allowanceShortfall(allowance(3, 12), 12)).toBeUndefined();
    expect(allowanceShortfall(allowance(3, 12), 13)).toBe('本次选择了 13 种样品，本企业今年还可申请 12 种，请减少样品后再申请。');
    expect(allowanceShortfall(allowance(0, 12), 1)).toBe('本企业今年的 24 份样品申请已用完，暂不能提交新的申请。');
    expect(allowanceShortfall(allowance(3, 0), 1)).toBe('本企业今年的 100 种样品额度已用完，暂不能提交新的申请。');
  });
});

describe('what a member may do', () => {
  it('lets the 管理员 edit the company until it is verified', () => {
    expect(isCompanyAdmin({ myRoles: ['admin', 'purchasing'] })).toBe(true);
    expect(isCompanyAdmin({ myRoles: ['purchasing', 'quality'] })).toBe(false);
    expect(canEditCompany({ myRoles: ['admin'], status: 'pending' })).toBe(true);
    expect(canEditCompany({ myRoles: ['admin'], status: 'rejected' })).toBe(true);
    expect(canEditCompany({ myRoles: ['admin'], status: 'verified' })).toBe(false);
    expect(canEditCompany({ myRoles: ['finance'], status: 'pending' })).toBe(false);
  });

  it('knows the only 管理员 among other members (whose leaving the server refuses)', () => {
    const alone = [{ userId: 1, roles: ['admin' as const] }];
    const two = [...alone, { userId: 2, roles: ['rnd' as const] }];
    expect(isSoleAdmin(alone, 1)).toBe(false);
    expect(isSoleAdmin(two, 1)).toBe(true);
    expect(isSoleAdmin(two, 2)).toBe(false);
    expect(isSoleAdmin([...two, { userId: 3, roles: ['admin' as const, 'finance' as const] }], 1)).toBe(false);
  });

  it('names roles in the contracts’ order', () => {
    expect(rolesText(['finance', 'admin', 'purchasing'])).toBe('管理员、采购、财务');
    expect(rolesText(['quality'])).toBe('质量');
  });
});

describe('the company form', () => {
  it('checks the credit code with its check character before sending', () => {
    expect(CreditCode.safeParse('91330100716105852F').success).toBe(true);
    const wrong = CreditCode.safeParse('91330100716105852A');
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toMatch(/统一社会信用代码/);
  });

  it('takes a licence image of the kinds the server stores', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(licenseProblem({ type, size: 1000 })).toBeUndefined();
    expect(licenseProblem({ type: 'application/pdf', size: 1000 })).toBe('营业执照请上传 JPG、PNG 或 WebP 图片');
    expect(licenseProblem({ type: 'image/png', size: 0 })).toBe('图片文件是空的');
    expect(licenseProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeUndefined();
    expect(licenseProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('营业执照图片不能超过 5 MB');
  });
});

describe('the desk’s allowance form', () => {
  it('sends an empty count as null (the default of the sample settings)', () => {
    expect(allowanceBody({ applications: 40, items: undefined })).toEqual({ applications: 40, items: null });
    expect(allowanceBody({ applications: null, items: 0 })).toEqual({ applications: null, items: 0 });
  });
});

describe('an invitation’s expiry', () => {
  it('says until when it may be accepted, or that it may not', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(expiryText('2026-03-05T02:00:00Z', now)).toMatch(/^2026-03-05 \d\d:00 前有效$/);
    expect(expiryText('2026-02-28T00:00:00Z', now)).toBe('已过期');
  });
});
