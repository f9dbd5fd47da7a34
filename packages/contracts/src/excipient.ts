import { z } from 'zod';
import { text } from './text.js';
import { DOCUMENT_ACCESS, DOCUMENT_KINDS, PHARMACOPOEIAS } from './constants/information.js';
import { PageQuery, pageOf } from './common.js';

export const Pharmacopoeia = z.enum(PHARMACOPOEIAS);
export type Pharmacopoeia = z.infer<typeof Pharmacopoeia>;

export const DocumentKind = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof DocumentKind>;
/**
 * public: anyone may download · login: signed-in users · member: 会员资料, holders of a membership ·
 * request: sent on request (申请获取).
 */
export const DocumentAccess = z.enum(DOCUMENT_ACCESS).describe('public 公开下载 · login 登录后下载 · member 会员资料（会员可下载） · request 申请获取');
export type DocumentAccess = z.infer<typeof DocumentAccess>;

/** One grade / pack size a sample can be ordered in. */
export const ExcipientSpec = z
  .object({ id: z.number().int(), grade: z.string(), packSize: z.string(), sampleAvailable: z.boolean() })
  .meta({ id: 'ExcipientSpec' });
export type ExcipientSpec = z.infer<typeof ExcipientSpec>;

export const ExcipientDocument = z
  .object({
    id: z.number().int(),
    kind: DocumentKind,
    title: z.string(),
    access: DocumentAccess,
    /** Download URL; null when the caller may not download it (see `access`). */
    url: z.string().nullable(),
  })
  .meta({ id: 'ExcipientDocument' });
export type ExcipientDocument = z.infer<typeof ExcipientDocument>;

export const CdeRegistrationRef = z.object({
  registrationId: z.number().int().nullable().describe('The registration record, when it is in the database'),
  regNo: z.string(),
  status: z.enum(['A', 'I']),
});

export const ExcipientSummary = z
  .object({
    id: z.number().int(),
    nameZh: z.string(),
    nameEn: z.string(),
    cas: z.string().nullable(),
    category: z.string(),
    dosageForms: z.array(z.string()),
    pharmacopoeias: z.array(Pharmacopoeia),
    sampleAvailable: z.boolean(),
    summary: z.string().describe('One sentence for lists'),
  })
  .meta({ id: 'ExcipientSummary' });
export type ExcipientSummary = z.infer<typeof ExcipientSummary>;

export const ExcipientDetail = ExcipientSummary.extend({
  synonyms: z.array(z.string()),
  dangerousGoods: z
    .string()
    .nullable()
    .describe('危险化学品（如乙醇、异丙醇）的运输条款：UN 编号、类别、包装类别；非危险品为 null'),
  description: z.string().describe('Plain text, paragraphs separated by blank lines'),
  specs: z.array(ExcipientSpec),
  registrations: z.array(CdeRegistrationRef),
  documents: z.array(ExcipientDocument),
  favoriteId: z.number().int().nullable().describe("The caller's favorite of this product, if any"),
}).meta({ id: 'ExcipientDetail' });
export type ExcipientDetail = z.infer<typeof ExcipientDetail>;

export const ExcipientQuery = PageQuery.extend({
  keyword: text().trim().max(50, '关键词最多 50 个字').optional(),
  category: text().max(20).optional(),
  dosageForm: text().max(20).optional(),
  pharmacopoeia: Pharmacopoeia.optional(),
  sampleAvailable: z.enum(['true', 'false']).optional(),
});
export type ExcipientQuery = z.infer<typeof ExcipientQuery>;

export const ExcipientPage = pageOf(ExcipientSummary).meta({ id: 'ExcipientPage' });
export type ExcipientPage = z.infer<typeof ExcipientPage>;

/** The filter options of the catalogue with how many products each has. */
export const ExcipientFacets = z
  .object({
    categories: z.array(z.object({ value: z.string(), count: z.number().int() })),
    dosageForms: z.array(z.object({ value: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'ExcipientFacets' });
export type ExcipientFacets = z.infer<typeof ExcipientFacets>;

