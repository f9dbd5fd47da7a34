import { z } from 'zod';
import { text } from './text.js';
import { REGULATION_STATUSES } from './constants/information.js';
import { IsoDate } from './access.js';
import { PageQuery, pageOf } from './common.js';

export const RegulationStatus = z.enum(REGULATION_STATUSES);

export const RegulationSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    issuer: z.string().describe('发布机构'),
    docNumber: z.string().nullable().describe('文号'),
    category: z.string(),
    issuedOn: IsoDate,
    effectiveOn: IsoDate.nullable(),
    status: RegulationStatus,
  })
  .meta({ id: 'RegulationSummary' });
export type RegulationSummary = z.infer<typeof RegulationSummary>;

export const RegulationDetail = RegulationSummary.extend({
  content: z.string().describe('Sanitised HTML (p, h2-h4, ol, ul, li, strong, em, table, a)'),
  favoriteId: z.number().int().nullable(),
}).meta({ id: 'RegulationDetail' });
export type RegulationDetail = z.infer<typeof RegulationDetail>;

export const RegulationQuery = PageQuery.extend({
  keyword: text().trim().max(50, '关键词最多 50 个字').optional(),
  category: text().max(20).optional(),
  status: RegulationStatus.optional(),
  issuedFrom: IsoDate.optional(),
  issuedTo: IsoDate.optional(),
});
export type RegulationQuery = z.infer<typeof RegulationQuery>;
export const RegulationPage = pageOf(RegulationSummary).meta({ id: 'RegulationPage' });
export type RegulationPage = z.infer<typeof RegulationPage>;

export const NewsSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    category: z.string(),
    source: z.string(),
    publishedOn: IsoDate,
    cover: z.string().nullable().describe('Cover image URL'),
    summary: z.string(),
  })
  .meta({ id: 'NewsSummary' });
export type NewsSummary = z.infer<typeof NewsSummary>;

export const NewsDetail = NewsSummary.extend({
  content: z.string().describe('Sanitised HTML'),
  favoriteId: z.number().int().nullable(),
}).meta({ id: 'NewsDetail' });
export type NewsDetail = z.infer<typeof NewsDetail>;

export const NewsQuery = PageQuery.extend({
  keyword: text().trim().max(50, '关键词最多 50 个字').optional(),
  category: text().max(20).optional(),
});
export type NewsQuery = z.infer<typeof NewsQuery>;
export const NewsPage = pageOf(NewsSummary).meta({ id: 'NewsPage' });
export type NewsPage = z.infer<typeof NewsPage>;
