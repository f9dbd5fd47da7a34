import { SearchQuery, SearchResult } from '../search.js';
import { SEARCH_MAX_LENGTH } from '../constants/information.js';
import type { EndpointSpec } from './endpoint.js';

/** Site search over excipients, registrations, regulations and news. */
export const searchEndpoints = {
  search: {
    access: 'public',
    tag: '搜索',
    summary: `全站搜索：辅料产品、登记信息、法规、资讯（关键词 1–${SEARCH_MAX_LENGTH} 字）`,
    description:
      '各类型的数量最多数到 countCap；type=all 时每类返回前 5 条（不分页），totalCount 为各类数量之和；' +
      '高亮为标题与摘要中关键词出现的 [起, 止) 位置',
    query: SearchQuery,
    responses: { 200: SearchResult },
    example: { query: { q: '乳糖' } },
  },
} as const satisfies Record<string, EndpointSpec>;
