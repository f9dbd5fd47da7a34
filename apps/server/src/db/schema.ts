import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Settings the staff can change at run time (limits, contact details ...), one JSON value per key. */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userRole = pgEnum('user_role', ['member', 'staff']);
export const userSex = pgEnum('user_sex', ['unknown', 'male', 'female']);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** A mobile number or a lower-cased e-mail address. */
  account: text('account').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull().default(''),
  sex: userSex('sex').notNull().default('unknown'),
  nickName: text('nick_name').notNull().default(''),
  avatar: text('avatar'),
  role: userRole('role').notNull().default('member'),
  /** Paid membership (会员) until this moment; null: not a member. Unlocks members-only data. */
  memberUntil: timestamp('member_until', { withTimezone: true }),
  /** Raised by "log out everywhere" and password changes: tokens carrying an older version stop working. */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per signed-in device; a token names its session, and logging out deletes the row. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Log-in and registration attempts, for throttling per account and per client address. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['login', 'login_failure', 'register'] }).notNull(),
    account: text('account'),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_attempts_account_idx').on(t.kind, t.account, t.createdAt),
    index('auth_attempts_ip_idx').on(t.kind, t.ip, t.createdAt),
  ],
);

/** Uploaded images (avatars), kept in the database so that every server instance can serve them. */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    mobile: text('mobile').notNull(),
    regionCodes: jsonb('region_codes').$type<string[]>().notNull(),
    regionNames: jsonb('region_names').$type<string[]>().notNull(),
    street: text('street').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // At most one default address per user.
    uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const noticeKind = pgEnum('notice_kind', ['system', 'account', 'sample', 'order']);

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: noticeKind('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.createdAt)],
);

/* ---------------------------------------------------------------------------------------------
 * Public information. Searchable tables carry `search_text` (lower-cased searchable fields) and
 * `search_grams` (its 1- and 2-character grams), both generated by the database (migration 0002,
 * functions fl_search_text / fl_grams), with a GIN index on the grams: one- and two-character
 * Chinese queries use the index instead of scanning the table (docs/decisions/0008).
 * ------------------------------------------------------------------------------------------- */

const textArray = customType<{ data: string[]; driverData: string[] }>({ dataType: () => 'text[]' });

export const accessLevel = pgEnum('access_level', ['public', 'login', 'member']);

export const excipients = pgTable(
  'excipients',
  {
    id: serial('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    synonyms: jsonb('synonyms').$type<string[]>().notNull().default([]),
    cas: text('cas'),
    category: text('category').notNull(),
    dosageForms: jsonb('dosage_forms').$type<string[]>().notNull().default([]),
    pharmacopoeias: jsonb('pharmacopoeias').$type<string[]>().notNull().default([]),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    /** CDE registration numbers of this product, e.g. ["F20190000123"]. */
    regNos: jsonb('reg_nos').$type<string[]>().notNull().default([]),
    sampleAvailable: boolean('sample_available').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    searchText: text('search_text').generatedAlwaysAs(sql`fl_search_text(name_zh, name_en, cas, category, synonyms::text)`),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(name_zh, name_en, cas, category, synonyms::text))`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('excipients_category_idx').on(t.category), index('excipients_grams_idx').using('gin', t.searchGrams)],
);

export const excipientSpecs = pgTable(
  'excipient_specs',
  {
    id: serial('id').primaryKey(),
    excipientId: integer('excipient_id')
      .notNull()
      .references(() => excipients.id, { onDelete: 'cascade' }),
    grade: text('grade').notNull(),
    packSize: text('pack_size').notNull(),
    sampleAvailable: boolean('sample_available').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('excipient_specs_excipient_idx').on(t.excipientId)],
);

export const excipientDocuments = pgTable(
  'excipient_documents',
  {
    id: serial('id').primaryKey(),
    excipientId: integer('excipient_id')
      .notNull()
      .references(() => excipients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['TDS', 'SDS', 'COA', 'DMF'] }).notNull(),
    title: text('title').notNull(),
    access: text('access', { enum: ['public', 'login', 'request'] }).notNull(),
    /** Where the file is served from (a site path). */
    url: text('url').notNull(),
  },
  (t) => [index('excipient_documents_excipient_idx').on(t.excipientId)],
);

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    regNo: text('reg_no').notNull().unique(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    companyAddress: text('company_address').notNull().default(''),
    province: text('province').notNull(),
    source: text('source').notNull(),
    spec: text('spec').notNull().default(''),
    packageSpec: text('package_spec').notNull().default(''),
    type: text('type', { enum: ['辅料', '药包材', '原料药'] }).notNull(),
    reviewStatus: text('review_status', { enum: ['A', 'I'] }).notNull(),
    updatedOn: date('updated_on', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    searchText: text('search_text').generatedAlwaysAs(sql`fl_search_text(reg_no, name, company)`),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(reg_no, name, company))`),
  },
  (t) => [
    index('registrations_updated_idx').on(t.updatedOn, t.id),
    index('registrations_type_status_idx').on(t.type, t.reviewStatus, t.updatedOn),
    index('registrations_province_idx').on(t.province, t.updatedOn),
    index('registrations_company_grams_idx').using('gin', sql`fl_grams(lower(company))`),
    index('registrations_grams_idx').using('gin', t.searchGrams),
  ],
);

export const databases = pgTable('databases', {
  code: text('code', { enum: ['registration', 'standard', 'usage'] }).primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  access: accessLevel('access').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const standards = pgTable(
  'standards',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    pharmacopoeia: text('pharmacopoeia', { enum: ['ChP', 'USP-NF', 'EP', 'JP'] }).notNull(),
    edition: text('edition').notNull(),
    status: text('status', { enum: ['现行', '废止', '草案公示'] }).notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(name, name_en))`),
  },
  (t) => [index('standards_grams_idx').using('gin', t.searchGrams)],
);

export const usageRecords = pgTable(
  'usage_records',
  {
    id: serial('id').primaryKey(),
    ingredient: text('ingredient').notNull(),
    route: text('route').notNull(),
    dosageForm: text('dosage_form').notNull(),
    maxAmount: text('max_amount').notNull(),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(ingredient))`),
  },
  (t) => [index('usage_records_grams_idx').using('gin', t.searchGrams)],
);

export const regulations = pgTable(
  'regulations',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    issuer: text('issuer').notNull(),
    docNumber: text('doc_number'),
    category: text('category').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }),
    status: text('status', { enum: ['现行', '废止', '征求意见'] }).notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    searchText: text('search_text').generatedAlwaysAs(sql`fl_search_text(title, issuer, doc_number)`),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(title, issuer, doc_number))`),
  },
  (t) => [index('regulations_issued_idx').on(t.issuedOn), index('regulations_grams_idx').using('gin', t.searchGrams)],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    source: text('source').notNull(),
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    cover: text('cover'),
    summary: text('summary').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    searchText: text('search_text').generatedAlwaysAs(sql`fl_search_text(title, summary)`),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(title, summary))`),
  },
  (t) => [index('news_published_idx').on(t.publishedOn), index('news_grams_idx').using('gin', t.searchGrams)],
);

export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['excipient', 'registration', 'regulation', 'news'] }).notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favorites_unique_idx').on(t.userId, t.targetType, t.targetId)],
);

/* ---------------------------------------------------------------------------------------------
 * Sample cart and sample applications. The limits live in app_setting ('sample.limits').
 * An application keeps its own copy of the shipping address and of each item's product name,
 * grade and pack size, so later catalogue or address-book changes never rewrite what was applied for.
 * ------------------------------------------------------------------------------------------- */

export const sampleCartItems = pgTable(
  'sample_cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    excipientId: integer('excipient_id')
      .notNull()
      .references(() => excipients.id, { onDelete: 'cascade' }),
    specId: integer('spec_id')
      .notNull()
      .references(() => excipientSpecs.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    checked: boolean('checked').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One row per product option: adding it again raises the quantity.
  (t) => [uniqueIndex('sample_cart_items_user_spec_idx').on(t.userId, t.specId)],
);

export const applicationStatus = pgEnum('application_status', [
  'submitted',
  'approved',
  'rejected',
  'shipped',
  'delivered',
  'withdrawn',
]);

export const sampleApplications = pgTable(
  'sample_applications',
  {
    id: serial('id').primaryKey(),
    /** Shown to people: YP + yyyymmdd + the id, zero-padded to 6 digits. */
    number: text('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: applicationStatus('status').notNull().default('submitted'),
    contactName: text('contact_name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    companyType: text('company_type').notNull(),
    department: text('department').notNull().default(''),
    purpose: text('purpose').notNull(),
    dosageForm: text('dosage_form').notNull(),
    stage: text('stage').notNull(),
    projectName: text('project_name').notNull().default(''),
    notes: text('notes').notNull().default(''),
    address: jsonb('address')
      .$type<{ recipient: string; mobile: string; regionCodes: string[]; regionNames: string[]; street: string }>()
      .notNull(),
    rejectReason: text('reject_reason'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sample_applications_user_idx').on(t.userId, t.status, t.createdAt),
    index('sample_applications_status_idx').on(t.status, t.createdAt),
  ],
);

export const sampleApplicationItems = pgTable(
  'sample_application_items',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => sampleApplications.id, { onDelete: 'cascade' }),
    excipientId: integer('excipient_id').references(() => excipients.id, { onDelete: 'set null' }),
    specId: integer('spec_id').references(() => excipientSpecs.id, { onDelete: 'set null' }),
    nameZh: text('name_zh').notNull(),
    grade: text('grade').notNull(),
    packSize: text('pack_size').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('sample_application_items_application_idx').on(t.applicationId)],
);

export const applicationAction = pgEnum('application_action', [
  'submit',
  'update',
  'approve',
  'reject',
  'ship',
  'deliver',
  'withdraw',
]);

/** Every change of an application: who, when, what it became, and the note (reason, tracking number ...). */
export const sampleApplicationEvents = pgTable(
  'sample_application_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => sampleApplications.id, { onDelete: 'cascade' }),
    action: applicationAction('action').notNull(),
    status: applicationStatus('status').notNull(),
    note: text('note').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: userRole('actor_role').notNull(),
    actorName: text('actor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sample_application_events_application_idx').on(t.applicationId, t.id)],
);

/** Option lists of the application form (purpose, dosage form, stage, company type), managed as data. */
export const formDictionary = pgTable(
  'form_dictionary',
  {
    id: serial('id').primaryKey(),
    groupCode: text('group_code', { enum: ['purpose', 'dosageForm', 'stage', 'companyType'] }).notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('form_dictionary_group_value_idx').on(t.groupCode, t.value)],
);
