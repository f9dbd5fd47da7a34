import { z } from 'zod';
import { text } from './text.js';
import { SEARCH_MAX_LENGTH, SEARCH_TYPES } from './constants/information.js';
import { MAX_PAGE_SIZE } from './constants/information.js';

export const SearchType = z.enum(SEARCH_TYPES);
export type SearchType = z.infer<typeof SearchType>;

export const SearchQuery = z.object({
  q: text()
    .trim()
    .min(1, '请输入搜索关键词')
    .max(SEARCH_MAX_LENGTH, `搜索关键词最多 ${SEARCH_MAX_LENGTH} 个字`),
  type: SearchType.default('all'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** One hit: `highlights` are [start, end) character ranges of the query in `title` and `snippet`. */
export const SearchHit = z
  .object({
    type: SearchType.exclude(['all']),
    id: z.number().int(),
    title: z.string(),
    snippet: z.string(),
    titleHighlights: z.array(z.tuple([z.number().int(), z.number().int()])),
    snippetHighlights: z.array(z.tuple([z.number().int(), z.number().int()])),
    url: z.string().describe('Site path of the detail page, e.g. /excipientsdetail?id=3'),
    date: z.string().nullable(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResult = z
  .object({
    q: z.string(),
    type: SearchType,
    /** Matches per type (for the tabs); a count of `countCap` means "at least that many". */
    counts: z.object({ excipient: z.number().int(), registration: z.number().int(), regulation: z.number().int(), news: z.number().int() }),
    countCap: z.number().int(),
    estimated: z
      .array(SearchType.exclude(['all']))
      .describe('Types whose count is an estimate (shown as 约 …): registration records past their exact count'),
    items: z.array(SearchHit),
    totalCount: z.number().int().describe('Hits of the chosen type (all: the sum)'),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResult>;
