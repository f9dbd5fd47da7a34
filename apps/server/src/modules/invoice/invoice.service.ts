import { COMPANY_TITLE_MANAGERS, COMPANY_TITLE_USERS, INVOICE_TITLES_MAX, holdsCompanyRole, type InvoiceTitleCreateBody, formatFen, invoiceStatusLabels, invoiceTypeLabels, isCreditCode, type AdminInvoice, type AdminInvoicePage, type Invoice, type InvoicePage, type InvoiceRequestBody, type InvoiceStatus, type InvoiceTitle, type InvoiceTitleBody, type InvoiceTitleList, type IssueInvoiceBody, paths, withQuery } from '@fuliaotong/contracts';
import type { OrderService } from '../order/order.service.js';
import type { CompanyService, Membership } from '../company/company.service.js';
import type { UserDirectory } from '../account/user-directory.js';
import { ownInvoice } from './invoice.repositories.js';
import { InvoiceTitleBody as InvoiceTitleSchema } from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { InvoiceRepositories } from './invoice.repositories.js';
import { AppError } from '../../http/errors.js';
import { shownAccount } from '../../shared/masking.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { FileStore, StoredFile } from '../files/file-store.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { StaffAlerts } from '../notice/staff-alerts.js';
import type { InvoiceRepository, InvoiceRow, InvoiceTitleRow, InvoiceTitleValues, InvoiceTitleView, InvoiceView } from './invoice.repository.js';

const NOT_FOUND = '发票不存在';

const TITLE_NOT_FOUND = '发票抬头不存在';
/** The company whose titles the member may choose (管理员, 财务, 采购), or null. */
const usableCompany = (membership: Membership | null) => (membership && holdsCompanyRole(membership.roles, COMPANY_TITLE_USERS) ? membership.companyId : null);
const mayManage = (membership: Membership | null) => !!membership && holdsCompanyRole(membership.roles, COMPANY_TITLE_MANAGERS);

function toTitle(row: InvoiceTitleView, membership: Membership | null): InvoiceTitle {
  return {
    id: row.id,
    kind: row.kind,
    type: row.type,
    name: row.name,
    taxId: row.taxId,
    addressPhone: row.addressPhone,
    bankAccount: row.bankAccount,
    email: row.email,
    owner: row.companyId === null ? 'personal' : 'company',
    companyId: row.companyId,
    companyName: row.companyName,
    canManage: row.companyId === null || mayManage(membership),
  };
}

function toInvoice(row: InvoiceView): Invoice {
  return {
    id: row.id,
    orderId: row.orderId,
    salesOrderId: row.salesOrderId,
    orderNumber: row.orderNumber,
    orderName: row.orderName,
    amountFen: row.amountFen,
    status: row.status,
    title: { kind: row.titleKind, type: row.titleType, name: row.titleName, taxId: row.taxId, addressPhone: row.addressPhone, bankAccount: row.bankAccount, email: row.email },
    invoiceNumber: row.invoiceNumber,
    hasFile: row.fileKey !== null,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
  };
}

const toAdminInvoice = (row: InvoiceView): AdminInvoice => ({ ...toInvoice(row), account: shownAccount(row.account), taxIdChecked: row.taxId === null || isCreditCode(row.taxId) });

/** The title as stored: what the schema parsed, empty optional parts as null. */
function titleValues(body: InvoiceTitleBody): InvoiceTitleValues {
  const parsed = InvoiceTitleSchema.parse(body);
  return {
    kind: parsed.kind,
    type: parsed.type,
    name: parsed.name,
    taxId: parsed.taxId ?? null,
    addressPhone: parsed.addressPhone || null,
    bankAccount: parsed.bankAccount || null,
    email: parsed.email,
  };
}

/** The title as the invoice keeps it (a later edit of the title changes nothing asked for). */
const titleCopy = (title: InvoiceTitleRow) => ({
  titleKind: title.kind,
  titleType: title.type,
  titleName: title.name,
  taxId: title.taxId,
  addressPhone: title.addressPhone,
  bankAccount: title.bankAccount,
  email: title.email,
});

/** What the audit log keeps of an invoice. */
const auditView = (row: { status: InvoiceStatus; invoiceNumber: string | null; taxId: string | null; rejectReason: string | null; fileType: string | null }) => ({
  status: row.status,
  file: row.fileType,
  invoiceNumber: row.invoiceNumber,
  taxId: row.taxId,
  rejectReason: row.rejectReason,
});

/** A PDF or an OFD (a ZIP package), by its bytes. */
export function invoiceFileType(bytes: Buffer): { contentType: string; extension: string } | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { contentType: 'application/pdf', extension: 'pdf' };
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return { contentType: 'application/ofd', extension: 'ofd' };
  return null;
}

/**
 * Invoices: the user's title book, one invoice request per paid order (for the amount paid), and the
 * invoice desk where finance issues them (uploading the PDF or OFD and its number), rejects them with
 * a reason, or marks them 红冲 after a refund. Every staff action tells the user and is audited.
 */
export class InvoiceService {
  constructor(
    private readonly deps: {
      invoices: InvoiceRepository;
      transactor: Transactor<InvoiceRepositories>;
      files: FileStore;
      notices: NoticeService;
      staffAlerts: StaffAlerts;
      users: Pick<UserDirectory, 'lockUser'>;
      /** The buyer's paid order an invoice is asked for (locked in the request's transaction). */
      orders: Pick<OrderService, 'lockOwn'>;
      /** The caller's company and roles: its titles are shared by role (docs/decisions/0068). */
      companies: Pick<CompanyService, 'membershipFor'>;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The user's titles, and their company's when their roles let them choose those (管理员, 财务, 采购). */
  async titles(userId: number): Promise<InvoiceTitleList> {
    const membership = await this.deps.companies.membershipFor(userId);
    return { items: (await this.deps.invoices.titles(userId, usableCompany(membership))).map((row) => toTitle(row, membership)) };
  }

  /** A title the user may choose (their own, or their company's by role), read in the request's transaction; 404 for any other. */
  private async usableTitle(userId: number, titleId: number, within: Tx): Promise<InvoiceTitleView> {
    const membership = await this.deps.companies.membershipFor(userId, within);
    const title = await ownInvoice(within).invoices.title(userId, titleId, usableCompany(membership));
    if (!title) throw new AppError('not_found', TITLE_NOT_FOUND);
    return title;
  }

  /** A title the user may change: their own, or their company's for its 管理员 and 财务 (others who may choose it get 403). */
  private async titleToManage(userId: number, id: number, within: Tx): Promise<{ title: InvoiceTitleView; membership: Membership | null }> {
    await this.deps.users.lockUser(userId, within);
    const membership = await this.deps.companies.membershipFor(userId, within, true);
    const title = await ownInvoice(within).invoices.title(userId, id, usableCompany(membership));
    if (!title) throw new AppError('not_found', TITLE_NOT_FOUND);
    if (title.companyId !== null && !mayManage(membership)) throw new AppError('forbidden', '只有企业的管理员、财务可以修改企业的发票抬头');
    return { title, membership };
  }

  /** The invoices asked for the given orders (the buyer's order list shows them). */
  ofOrders(orderIds: number[]) {
    return this.deps.invoices.ofOrders(orderIds);
  }

  /**
   * A paid order was refunded (in the refund's transaction): its invoice request not yet served is
   * withdrawn; an issued invoice must be reversed (红冲), which finance is told to do.
   */
  async orderRefunded(order: { id: number; number: string; name: string }, now: Date, within: Tx): Promise<void> {
    const { invoices } = ownInvoice(within);
    const invoice = await invoices.findByOrder(order.id);
    if (invoice?.status === 'requested') {
      await invoices.update(invoice.id, { status: 'rejected', rejectReason: '订单已退款，开票申请自动取消' }, now);
    } else if (invoice?.status === 'issued') {
      await this.deps.staffAlerts.tell(
        ['finance'],
        {
          kind: '发票红冲',
          number: order.number,
          title: `订单 ${order.number} 已退款，发票 ${invoice.invoiceNumber ?? ''} 需红冲`,
          body: `${order.name}，${formatFen(invoice.amountFen)}：请开具红字发票后在发票管理中标记为已红冲。`,
          link: withQuery(paths.adminInvoices, { id: invoice.id }),
        },
        within,
      );
    }
  }

  /** Adds a title: the user's own, or their company's (`companyId`: its 管理员 and 财务 only). */
  async createTitle(userId: number, body: InvoiceTitleCreateBody): Promise<InvoiceTitle> {
    return this.deps.transactor.transaction(async (within) => {
      await this.deps.users.lockUser(userId, within);
      const companyId = body.companyId ?? null;
      const membership = await this.deps.companies.membershipFor(userId, within, companyId !== null);
      if (companyId !== null) {
        if (!membership || membership.companyId !== companyId) throw new AppError('not_found', '企业不存在');
        if (!mayManage(membership)) throw new AppError('forbidden', '只有企业的管理员、财务可以添加企业的发票抬头');
      }
      if ((await within.invoices.countTitles(userId, companyId)) >= INVOICE_TITLES_MAX) {
        throw new AppError('limit_exceeded', `${companyId === null ? '' : '企业'}最多保存 ${INVOICE_TITLES_MAX} 个发票抬头，请删除不用的抬头后再添加`);
      }
      const row = await within.invoices.insertTitle(userId, titleValues(body), companyId);
      return toTitle({ ...row, companyName: membership && companyId !== null ? membership.companyName : null }, membership);
    });
  }

  async updateTitle(userId: number, id: number, body: InvoiceTitleBody): Promise<InvoiceTitle> {
    return this.deps.transactor.transaction(async (within) => {
      const { title, membership } = await this.titleToManage(userId, id, within);
      return toTitle({ ...(await within.invoices.updateTitle(id, titleValues(body))), companyName: title.companyName }, membership);
    });
  }

  async deleteTitle(userId: number, id: number): Promise<void> {
    await this.deps.transactor.transaction(async (within) => {
      await this.titleToManage(userId, id, within);
      await within.invoices.deleteTitle(id);
    });
  }

  async list(userId: number, page: number, pageSize: number): Promise<InvoicePage> {
    const { rows, totalCount } = await this.deps.invoices.page({ userId }, pageSize, (page - 1) * pageSize);
    return { items: rows.map(toInvoice), totalCount };
  }

  /** Asks for the invoice of a paid order with one of the user's titles (again, after a rejection). */
  async request(userId: number, body: InvoiceRequestBody): Promise<Invoice> {
    const id = await this.deps.transactor.transaction(async (within) => {
      const order = await this.deps.orders.lockOwn(body.orderId, userId, within);
      if (!order) throw new AppError('not_found', '订单不存在');
      if (order.status !== 'paid' || order.paidFen === null) throw new AppError('order_state', '订单尚未支付，支付后才能申请发票');
      const title = await this.usableTitle(userId, body.titleId, within);
      const now = this.now();
      const copy = titleCopy(title);
      const existing = await within.invoices.findByOrder(order.id);
      if (existing && existing.status !== 'rejected') {
        throw new AppError('conflict', `该订单已${existing.status === 'requested' ? '申请' : invoiceStatusLabels[existing.status]}发票，每个订单只能开具一张`);
      }
      const row = existing
        ? await within.invoices.update(existing.id, { ...copy, status: 'requested', rejectReason: null, amountFen: order.paidFen }, now)
        : await within.invoices.insert({ ...copy, userId, orderId: order.id, amountFen: order.paidFen, status: 'requested', createdAt: now, updatedAt: now });
      await this.alertFinance(order.number, title, row, within);
      return row.id;
    });
    return toInvoice((await this.deps.invoices.find(id))!);
  }

  /**
   * Asks for the invoice of a paid sales order (in the caller's transaction, the order locked by it)
   * with one of the user's titles; again after a rejection. Answers the invoice's id.
   */
  async requestForSalesOrder(
    userId: number,
    order: { id: number; number: string; name: string; amountFen: number },
    titleId: number,
    within: Tx,
  ): Promise<number> {
    const { invoices } = ownInvoice(within);
    const title = await this.usableTitle(userId, titleId, within);
    const now = this.now();
    const copy = titleCopy(title);
    const existing = await invoices.findBySalesOrder(order.id);
    if (existing && existing.status !== 'rejected') {
      throw new AppError('conflict', `该订单已${existing.status === 'requested' ? '申请' : invoiceStatusLabels[existing.status]}发票，每个订单只能开具一张`);
    }
    const row = existing
      ? await invoices.update(existing.id, { ...copy, status: 'requested', rejectReason: null, amountFen: order.amountFen, subjectName: order.name }, now)
      : await invoices.insert({ ...copy, userId, salesOrderId: order.id, subjectName: order.name, amountFen: order.amountFen, status: 'requested', createdAt: now, updatedAt: now });
    await this.alertFinance(order.number, title, row, within);
    return row.id;
  }

  /** The invoice asked for a sales order, if any. */
  async ofSalesOrder(salesOrderId: number): Promise<InvoiceRow | undefined> {
    return (await this.deps.invoices.ofSalesOrders([salesOrderId]))[0];
  }

  /** Finance hear of a request to invoice: the order, the title and the amount. */
  private async alertFinance(orderNumber: string, title: InvoiceTitleRow, invoice: InvoiceRow, within: Tx): Promise<void> {
    await this.deps.staffAlerts.tell(
      ['finance'],
      {
        kind: '开票申请',
        number: orderNumber,
        title: `订单 ${orderNumber} 申请开具${invoiceTypeLabels[title.type]}`,
        body: `抬头：${title.name}，金额 ${formatFen(invoice.amountFen)}。`,
        link: withQuery(paths.adminInvoices, { id: invoice.id }),
      },
      within,
    );
  }

  async file(userId: number, id: number): Promise<{ file: StoredFile; name: string }> {
    const row = await this.deps.invoices.find(id, userId);
    if (!row || row.status !== 'issued' || !row.fileKey) throw new AppError('not_found', '发票尚未开具');
    const file = await this.deps.files.get(row.fileKey);
    if (!file) throw new AppError('not_found', '发票文件不存在');
    return { file, name: `发票-${row.invoiceNumber ?? row.orderNumber}.${row.fileType === 'application/ofd' ? 'ofd' : 'pdf'}` };
  }

  // ——— the invoice desk (finance) ———

  async adminList(status: InvoiceStatus | undefined, page: number, pageSize: number): Promise<AdminInvoicePage> {
    const { rows, totalCount } = await this.deps.invoices.page({ status }, pageSize, (page - 1) * pageSize);
    return { items: rows.map(toAdminInvoice), totalCount };
  }

  private async change(
    actor: StaffActor,
    id: number,
    work: (within: Tx, invoice: InvoiceRow, now: Date) => Promise<{ action: 'upload' | 'issue' | 'reject' | 'reverse'; summary: string; notice?: { title: string; body: string } }>,
  ): Promise<AdminInvoice> {
    await this.deps.transactor.transaction(async (within) => {
      const invoice = await within.invoices.lock(id);
      if (!invoice) throw new AppError('not_found', NOT_FOUND);
      const now = this.now();
      const { action, summary, notice } = await work(within, invoice, now);
      const after = (await within.invoices.lock(id))!;
      await recordChange(within, actor, { action: `invoice.${action}`, entityType: 'invoice', entityId: id, summary, before: auditView(invoice), after: auditView(after) });
      if (notice) await this.deps.notices.notify(invoice.userId, { kind: 'order', ...notice, link: paths.invoices }, within);
    });
    return toAdminInvoice((await this.deps.invoices.find(id))!);
  }

  async upload(actor: StaffActor, id: number, bytes: Buffer): Promise<AdminInvoice> {
    const type = invoiceFileType(bytes);
    if (!type) throw new AppError('unsupported_media_type', '发票文件请上传 PDF 或 OFD');
    return this.change(actor, id, async (within, invoice, now) => {
      if (invoice.status !== 'requested') throw new AppError('order_state', `发票${invoiceStatusLabels[invoice.status]}，不能再上传文件`);
      const key = await this.deps.files.put({ ownerId: invoice.userId, contentType: type.contentType, extension: type.extension, bytes }, within);
      await ownInvoice(within).invoices.update(id, { fileKey: key, fileType: type.contentType }, now);
      return { action: 'upload', summary: `上传发票文件（${type.extension.toUpperCase()}）` };
    });
  }

  async issue(actor: StaffActor, id: number, body: IssueInvoiceBody): Promise<AdminInvoice> {
    return this.change(actor, id, async (within, invoice, now) => {
      if (invoice.status !== 'requested') throw new AppError('order_state', `发票${invoiceStatusLabels[invoice.status]}，不能开具`);
      if (!invoice.fileKey) throw new AppError('order_state', '请先上传发票文件（PDF 或 OFD）');
      const taxId = body.taxId ?? invoice.taxId;
      await ownInvoice(within).invoices.update(id, { status: 'issued', invoiceNumber: body.invoiceNumber, taxId, issuedAt: now }, now);
      return {
        action: 'issue',
        summary: `开具发票 ${body.invoiceNumber}${body.taxId && body.taxId !== invoice.taxId ? `，纳税人识别号更正为 ${body.taxId}` : ''}`,
        notice: { title: '发票已开具', body: `您申请的${invoiceTypeLabels[invoice.titleType]}（${formatFen(invoice.amountFen)}，发票号码 ${body.invoiceNumber}）已开具，可在“发票管理”下载。` },
      };
    });
  }

  async reject(actor: StaffActor, id: number, reason: string): Promise<AdminInvoice> {
    return this.change(actor, id, async (within, invoice, now) => {
      if (invoice.status !== 'requested') throw new AppError('order_state', `发票${invoiceStatusLabels[invoice.status]}，不能驳回`);
      await ownInvoice(within).invoices.update(id, { status: 'rejected', rejectReason: reason }, now);
      return {
        action: 'reject',
        summary: `驳回开票申请：${reason}`,
        notice: { title: '开票申请被驳回', body: `您的开票申请（${formatFen(invoice.amountFen)}）被驳回：${reason}。可修改抬头后重新申请。` },
      };
    });
  }

  async reverse(actor: StaffActor, id: number, reason: string): Promise<AdminInvoice> {
    return this.change(actor, id, async (within, invoice, now) => {
      if (invoice.status !== 'issued') throw new AppError('order_state', `发票${invoiceStatusLabels[invoice.status]}，只有已开具的发票可以红冲`);
      await ownInvoice(within).invoices.update(id, { status: 'reversed', reversedAt: now, rejectReason: reason }, now);
      return {
        action: 'reverse',
        summary: `红冲发票 ${invoice.invoiceNumber ?? ''}：${reason}`,
        notice: { title: '发票已红冲', body: `发票 ${invoice.invoiceNumber ?? ''}（${formatFen(invoice.amountFen)}）已红冲：${reason}。` },
      };
    });
  }
}
