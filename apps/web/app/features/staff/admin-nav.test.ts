import { describe, expect, it } from 'vitest';
import { adminDesks, deskOf, desksFor, worksAt } from './admin-nav';

describe('staff console desks', () => {
  it('shows an administrator every desk, and everyone else the desks of their roles', () => {
    expect(desksFor(['admin']).map((desk) => desk.label)).toEqual(adminDesks.map((desk) => desk.label));
    expect(desksFor(['admin'])).toHaveLength(20);
    expect(desksFor(['reviewer']).map((desk) => desk.label)).toEqual(['概览', '申请审核']);
    expect(desksFor(['editor', 'finance']).map((desk) => desk.label)).toEqual([
      '概览',
      '产品',
      '文章',
      '数据库',
      '登记数据导入',
      '销售订单',
      '订单与收款',
      '发票开具',
      '方案与价格',
    ]);
    // Sales verify companies, answer price requests and carry the sales orders; every role opens the overview.
    expect(desksFor(['sales']).map((desk) => desk.label)).toEqual(['概览', '企业认证', '询价报价', '销售订单']);
    expect(desksFor(['sales', 'reviewer']).map((desk) => desk.label)).toEqual(['概览', '申请审核', '企业认证', '询价报价', '销售订单']);
    expect(desksFor(['finance']).map((desk) => desk.label)).toContain('销售订单');
    // The quality staff answer companies' requests for regulatory documents, publish change notices and record the batches and their COAs.
    expect(desksFor(['quality']).map((desk) => desk.label)).toEqual(['概览', '资料申请', '变更通知', '批次与检验报告']);
    expect(worksAt(deskOf('/admin/document-requests')!, ['admin'])).toBe(false);
    expect(desksFor([])).toEqual([]);
  });

  it('lets an administrator work at their own desks only: the others they read', () => {
    expect(worksAt(deskOf('/admin/users')!, ['admin'])).toBe(true);
    expect(worksAt(deskOf('/admin/products')!, ['admin'])).toBe(false);
    expect(worksAt(deskOf('/admin/products')!, ['admin', 'editor'])).toBe(true);
    expect(worksAt(deskOf('/admin')!, ['finance'])).toBe(true);
    // The company desk: sales work at it, an administrator reads it.
    expect(worksAt(deskOf('/admin/companies')!, ['sales'])).toBe(true);
    expect(worksAt(deskOf('/admin/companies')!, ['admin'])).toBe(false);
    expect(desksFor(['admin']).map((desk) => desk.to)).toContain('/admin/companies');
    // The sales orders desk: sales and finance each work at it (their own steps), an administrator reads it.
    for (const role of ['sales', 'finance']) expect(worksAt(deskOf('/admin/sales-orders')!, [role])).toBe(true);
    expect(worksAt(deskOf('/admin/sales-orders')!, ['admin'])).toBe(false);
  });
});
