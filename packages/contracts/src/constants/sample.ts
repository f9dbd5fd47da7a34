/** Limits of the sample programme, until the staff change them. */
export const DEFAULT_SAMPLE_LIMITS = {
  maxCartItems: 20,
  maxApplicationItems: 20,
  maxQuantity: 10,
  maxPendingApplications: 5,
  companyYearlyApplications: 24,
  companyYearlyItems: 100,
} as const satisfies Record<string, number>;

/** The range staff may set each limit in (the SampleLimits schema checks it; the settings page offers it). */
export const SAMPLE_LIMIT_RANGES = {
  maxCartItems: { min: 1, max: 500 },
  maxApplicationItems: { min: 1, max: 500 },
  maxQuantity: { min: 1, max: 100 },
  maxPendingApplications: { min: 1, max: 100 },
  companyYearlyApplications: { min: 0, max: 10_000 },
  companyYearlyItems: { min: 0, max: 100_000 },
} as const satisfies Record<keyof typeof DEFAULT_SAMPLE_LIMITS, { min: number; max: number }>;

/** Why a cart item cannot be applied for right now. */
export const UNAVAILABLE_REASONS = ['product_removed', 'samples_suspended', 'spec_unavailable'] as const;
export const unavailableReasonLabels: Record<(typeof UNAVAILABLE_REASONS)[number], string> = {
  product_removed: '该产品已下架',
  samples_suspended: '该产品暂停提供样品',
  spec_unavailable: '该规格暂不提供样品',
};

/** Option lists of the application form, kept in the database (form_dictionary). */
export const FORM_DIC_CODES = ['purpose', 'dosageForm', 'stage', 'companyType'] as const;

export const APPLICATION_STATUSES = ['submitted', 'approved', 'rejected', 'shipped', 'delivered', 'withdrawn'] as const;
type ApplicationStatusValue = (typeof APPLICATION_STATUSES)[number];
export const applicationStatusLabels: Record<ApplicationStatusValue, string> = {
  submitted: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  shipped: '已发货',
  delivered: '已签收',
  withdrawn: '已撤回',
};

/** Transitions and who may make them; anything else answers 409. */
export const applicationTransitions = {
  approve: { from: ['submitted'], to: 'approved', by: 'staff' },
  reject: { from: ['submitted'], to: 'rejected', by: 'staff' },
  ship: { from: ['approved'], to: 'shipped', by: 'staff' },
  deliver: { from: ['shipped'], to: 'delivered', by: 'staff' },
  withdraw: { from: ['submitted'], to: 'withdrawn', by: 'member' },
} as const satisfies Record<string, { from: readonly ApplicationStatusValue[]; to: ApplicationStatusValue; by: 'staff' | 'member' }>;
export type ApplicationAction = keyof typeof applicationTransitions;

/** A batch's certificate of analysis (COA) sent with a shipped sample: a PDF of at most 10 MB. */
export const COA_MAX_BYTES = 10 * 1024 * 1024;
