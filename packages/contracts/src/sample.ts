import { z } from 'zod';
import { text } from './text.js';
import { APPLICATION_STATUSES, SAMPLE_LIMIT_RANGES, UNAVAILABLE_REASONS } from './constants/sample.js';
import { Mobile } from './account.js';
import { AddressBody } from './address.js';
import { ListScope, MemberNameField } from './row-owner.js';
import { Id, MAX_ID, PageQuery, PathId } from './common.js';

/* ---------------------------------------------------------------------------------------------
 * Sample cart (样品车) and sample applications (样品申请).
 * A signed-in user collects excipient samples (one row per grade/pack-size option, `specId`) in the
 * cart, then applies for the checked ones; the supplier's staff review, approve and ship them.
 * The schemas of two server modules, sample-cart and sample-application, in one file: both answer
 * with the limits and bound a quantity alike.
 * ------------------------------------------------------------------------------------------- */

/** Limits of the sample programme; staff change them at run time (GET/PUT /api/admin/settings/sample-limits). */
const limit = (name: keyof typeof SAMPLE_LIMIT_RANGES) =>
  z.number().int().min(SAMPLE_LIMIT_RANGES[name].min).max(SAMPLE_LIMIT_RANGES[name].max);
export const SampleLimits = z
  .object({
    maxCartItems: limit('maxCartItems').describe('Distinct items (product + spec) in one cart'),
    maxApplicationItems: limit('maxApplicationItems').describe('Distinct items in one application'),
    maxQuantity: limit('maxQuantity').describe('Largest quantity of one item (the smallest is 1)'),
    maxPendingApplications: limit('maxPendingApplications').describe('Applications awaiting review (待审核) per user'),
    companyYearlyApplications: limit('companyYearlyApplications').describe(
      'Applications per company and calendar year (Beijing time), across its members, unless staff set the company its own',
    ),
    companyYearlyItems: limit('companyYearlyItems').describe('Sample items in those applications per company and calendar year'),
  })
  .meta({ id: 'SampleLimits' });
export type SampleLimits = z.infer<typeof SampleLimits>;


/** Upper bound checked by the schema; the current limit (SampleLimits.maxQuantity) is checked by the server. */
const Quantity = z.number().int('数量须为整数').min(1, '数量至少为 1').max(100, '数量不能超过 100');

/* ----------------------------------------- cart ----------------------------------------- */

/** Why a cart item cannot be applied for right now (null: it can). */
export const UnavailableReason = z.enum(UNAVAILABLE_REASONS);
export type UnavailableReason = z.infer<typeof UnavailableReason>;

export const CartItem = z
  .object({
    id: z.number().int(),
    excipientId: z.number().int(),
    specId: z.number().int(),
    nameZh: z.string(),
    nameEn: z.string(),
    category: z.string(),
    grade: z.string(),
    packSize: z.string().describe('e.g. "500 g"'),
    quantity: z.number().int(),
    checked: z.boolean().describe('Selected for the next application; kept across visits'),
    available: z.boolean(),
    unavailableReason: UnavailableReason.nullable(),
    addedAt: z.string(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItem>;

export const CartList = z
  .object({
    items: z.array(CartItem).describe('Newest first'),
    totalCount: z.number().int(),
    limits: SampleLimits,
  })
  .meta({ id: 'CartList' });
export type CartList = z.infer<typeof CartList>;

export const AddToCartBody = z
  .object({ excipientId: Id, specId: Id, quantity: Quantity.default(1) })
  .meta({ id: 'AddToCartBody' });
export type AddToCartBody = z.input<typeof AddToCartBody>;

export const AddToCartResult = z
  .object({
    item: CartItem,
    merged: z.boolean().describe('true: the product and spec were already in the cart and its quantity grew'),
    itemCount: z.number().int().describe('Distinct items in the cart after the add'),
  })
  .meta({ id: 'AddToCartResult' });
export type AddToCartResult = z.infer<typeof AddToCartResult>;

/**
 * An intended change, checked against the limits before it is made:
 * `add` adds `quantity` of the spec (merging with a row already in the cart);
 * `set` sets the quantity of the row already in the cart for that spec.
 */
export const CartCheckBody = z
  .object({ excipientId: Id, specId: Id, quantity: Quantity, mode: z.enum(['add', 'set']).default('add') })
  .meta({ id: 'CartCheckBody' });
export type CartCheckBody = z.input<typeof CartCheckBody>;

export const CartCheckResult = z
  .object({
    allowed: z.boolean(),
    message: z.string().nullable().describe('Why not, in Chinese; null when allowed'),
    itemCount: z.number().int().describe('Distinct items in the cart now'),
    maxItems: z.number().int(),
    quantity: z.number().int().describe('The quantity the row would have after the change'),
    maxQuantity: z.number().int(),
  })
  .meta({ id: 'CartCheckResult' });
export type CartCheckResult = z.infer<typeof CartCheckResult>;

export const UpdateCartItemBody = z
  .object({ quantity: Quantity.optional(), checked: z.boolean().optional() })
  .refine((body) => body.quantity !== undefined || body.checked !== undefined, '请提供数量或选中状态')
  .meta({ id: 'UpdateCartItemBody' });
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBody>;

export const CartIdsBody = z.object({ ids: z.array(Id).min(1, '请选择样品').max(500) });

export const CartCheckedBody = CartIdsBody.extend({ checked: z.boolean() }).meta({ id: 'CartCheckedBody' });
export type CartCheckedBody = z.infer<typeof CartCheckedBody>;

export const CartRemoveBody = CartIdsBody.meta({ id: 'CartRemoveBody' });
export type CartRemoveBody = z.infer<typeof CartRemoveBody>;

export const CartRemoveResult = z
  .object({ removed: z.number().int(), itemCount: z.number().int() })
  .meta({ id: 'CartRemoveResult' });
export type CartRemoveResult = z.infer<typeof CartRemoveResult>;

/** `ids`: cart item ids, comma-separated (e.g. `ids=3,5,8`). */
export const ConfirmedSampleQuery = z.object({
  ids: text()
    .regex(/^\d{1,10}(,\d{1,10}){0,499}$/, 'ids 须为逗号分隔的样品编号')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    // Ten digits may still exceed the largest id an integer column holds.
    .pipe(z.array(z.number().max(MAX_ID, '样品编号超出范围'))),
});
export type ConfirmedSampleQuery = z.output<typeof ConfirmedSampleQuery>;

export const ConfirmedSampleList = z
  .object({
    items: z.array(CartItem).describe('The requested items still in the cart, each re-checked for availability'),
    missingIds: z.array(z.number().int()).describe('Requested ids no longer in the cart'),
    ready: z.boolean().describe('Every item is available and the count is within the application limit'),
    message: z.string().nullable().describe('What stops an application, in Chinese'),
    limits: SampleLimits,
  })
  .meta({ id: 'ConfirmedSampleList' });
export type ConfirmedSampleList = z.infer<typeof ConfirmedSampleList>;

/* ---------------------------------- application form ---------------------------------- */

export const ApplicationItemInput = z.object({ excipientId: Id, specId: Id, quantity: Quantity });
export type ApplicationItemInput = z.infer<typeof ApplicationItemInput>;

const Email = text().trim().max(100, '邮箱最多 100 个字符').pipe(z.email('请输入正确的邮箱地址'));

/**
 * Create (no `id`) or update (`id`, only while 待审核) a sample application.
 * The shipping address is either one of the user's addresses (`addressId`) or a new one (`address`,
 * added to the address book when `saveAddress`); the application keeps its own copy either way.
 * Items that come from the cart leave it in the same transaction.
 */
export const SampleApplicationBody = z
  .object({
    id: Id.optional(),
    contactName: text().trim().min(1, '请输入联系人').max(30, '联系人最多 30 个字'),
    mobile: Mobile,
    email: Email,
    company: text().trim().min(2, '请输入单位名称').max(100, '单位名称最多 100 个字'),
    companyType: text().trim().min(1, '请选择单位类型').max(40),
    department: text().trim().max(50, '部门最多 50 个字').default(''),
    purpose: text().trim().min(1, '请选择申请用途').max(40),
    dosageForm: text().trim().min(1, '请选择剂型').max(40),
    stage: text().trim().min(1, '请选择研发阶段').max(40),
    projectName: text().trim().max(100, '项目名称最多 100 个字').default(''),
    notes: text().trim().max(500, '备注最多 500 个字').default(''),
    addressId: Id.optional(),
    address: AddressBody.omit({ isDefault: true }).optional(),
    saveAddress: z.boolean().default(false),
    items: z.array(ApplicationItemInput).min(1, '请至少选择一个样品').max(500),
  })
  .refine((body) => (body.addressId === undefined) !== (body.address === undefined), {
    message: '请选择收货地址或填写新地址（二选一）',
    path: ['addressId'],
  })
  .meta({ id: 'SampleApplicationBody' });
export type SampleApplicationBody = z.input<typeof SampleApplicationBody>;

/* ------------------------------------- applications ------------------------------------- */

export const ApplicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

export const ShippingAddress = z
  .object({
    recipient: z.string(),
    mobile: z.string(),
    regionCodes: z.array(z.string()),
    regionNames: z.array(z.string()),
    street: z.string(),
  })
  .meta({ id: 'ShippingAddress' });
export type ShippingAddress = z.infer<typeof ShippingAddress>;

export const ApplicationItem = z
  .object({
    id: z.number().int(),
    excipientId: z.number().int().nullable().describe('null when the product has since been removed'),
    specId: z.number().int().nullable(),
    nameZh: z.string().describe('As it was when applied for'),
    grade: z.string(),
    packSize: z.string(),
    quantity: z.number().int(),
    batchNumber: z.string().nullable().describe('The shipped batch, once shipped'),
    coaUrl: z.string().nullable().describe("Where the batch's COA (PDF) is downloaded, when the staff attached one"),
  })
  .meta({ id: 'ApplicationItem' });

export const CoaUpload = z
  .object({ coa: z.string().describe('Passed as `coa` of a batch when shipping'), filename: z.string() })
  .meta({ id: 'CoaUpload' });
export type CoaUpload = z.infer<typeof CoaUpload>;

/** `{id}/coa/{itemId}` in a path. */
export const CoaParams = z.object({
  id: PathId,
  itemId: PathId,
});
export type ApplicationItem = z.infer<typeof ApplicationItem>;

export const ApplicationEvent = z
  .object({
    id: z.number().int(),
    action: z.enum(['submit', 'update', 'approve', 'reject', 'ship', 'deliver', 'withdraw']),
    status: ApplicationStatus.describe('The status after the event'),
    note: z.string().describe('Reject reason, carrier and tracking number, staff remark ...'),
    actorRole: z.enum(['member', 'staff']),
    actorName: z.string(),
    at: z.string(),
  })
  .meta({ id: 'ApplicationEvent' });
export type ApplicationEvent = z.infer<typeof ApplicationEvent>;

export const ApplicationSummary = z
  .object({
    id: z.number().int(),
    number: z.string().describe('Application number shown to people, e.g. YP20261123000042'),
    status: ApplicationStatus,
    company: z.string(),
    contactName: z.string(),
    itemCount: z.number().int(),
    itemNames: z.array(z.string()).describe('The first few product names'),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    memberName: MemberNameField,
  })
  .meta({ id: 'ApplicationSummary' });
export type ApplicationSummary = z.infer<typeof ApplicationSummary>;

export const SampleApplication = ApplicationSummary.omit({ memberName: true }).extend({
  mobile: z.string(),
  email: z.string(),
  companyType: z.string(),
  department: z.string(),
  purpose: z.string(),
  dosageForm: z.string(),
  stage: z.string(),
  projectName: z.string(),
  notes: z.string(),
  address: ShippingAddress,
  items: z.array(ApplicationItem),
  rejectReason: z.string().nullable(),
  history: z.array(ApplicationEvent).describe('Oldest first'),
  canEdit: z.boolean(),
  canWithdraw: z.boolean(),
}).meta({ id: 'SampleApplication' });
export type SampleApplication = z.infer<typeof SampleApplication>;

export const ApplicationQuery = PageQuery.extend({ status: ApplicationStatus.optional(), scope: ListScope });
export type ApplicationQuery = z.infer<typeof ApplicationQuery>;

export const ApplicationPage = z
  .object({
    items: z.array(ApplicationSummary),
    totalCount: z.number().int(),
    countsByStatus: z.record(ApplicationStatus, z.number().int()),
  })
  .meta({ id: 'ApplicationPage' });
export type ApplicationPage = z.infer<typeof ApplicationPage>;

/* ----------------------------------------- staff ----------------------------------------- */

export const Applicant = z.object({ id: z.number().int(), account: z.string(), name: z.string() });

export const AdminApplicationSummary = ApplicationSummary.extend({ applicant: Applicant }).meta({
  id: 'AdminApplicationSummary',
});
export type AdminApplicationSummary = z.infer<typeof AdminApplicationSummary>;

export const AdminApplication = SampleApplication.extend({ applicant: Applicant }).meta({ id: 'AdminApplication' });
export type AdminApplication = z.infer<typeof AdminApplication>;

export const AdminApplicationQuery = PageQuery.extend({
  status: ApplicationStatus.optional(),
  keyword: text().trim().max(50, '关键词最多 50 个字').optional().describe('Application number, company, contact or mobile'),
});
export type AdminApplicationQuery = z.infer<typeof AdminApplicationQuery>;

export const AdminApplicationPage = z
  .object({
    items: z.array(AdminApplicationSummary),
    totalCount: z.number().int(),
    countsByStatus: z.record(ApplicationStatus, z.number().int()),
  })
  .meta({ id: 'AdminApplicationPage' });
export type AdminApplicationPage = z.infer<typeof AdminApplicationPage>;

export const ApproveBody = z
  .object({ note: text().trim().max(200, '备注最多 200 个字').default('') })
  .meta({ id: 'ApproveBody' });
export type ApproveBody = z.input<typeof ApproveBody>;

export const RejectBody = z
  .object({ reason: text().trim().min(2, '请填写驳回原因').max(200, '驳回原因最多 200 个字') })
  .meta({ id: 'RejectBody' });
export type RejectBody = z.infer<typeof RejectBody>;

/** The batch of one shipped item: its number and, uploaded first, the batch's COA. */
export const ShipmentBatch = z.object({
  itemId: Id,
  batchNumber: text()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9\-_/.]{0,39}$/, '批号为 1–40 位字母、数字或 - _ / .'),
  coa: text()
    .trim()
    .regex(/^[\w-]{1,80}\.pdf$/, '请先上传 COA 文件')
    .optional()
    .describe('The key answered by adminApplicationCoaUpload'),
});
export type ShipmentBatch = z.infer<typeof ShipmentBatch>;

export const ShipBody = z
  .object({
    carrier: text().trim().min(2, '请填写快递公司').max(30, '快递公司最多 30 个字'),
    trackingNumber: text()
      .trim()
      .regex(/^[A-Za-z0-9-]{6,40}$/, '运单号为 6–40 位字母或数字'),
    batches: z.array(ShipmentBatch).max(500).default([]).describe('The batch number (and COA) of each shipped item'),
  })
  .meta({ id: 'ShipBody' });
export type ShipBody = z.infer<typeof ShipBody>;
