import { HomeData } from '../home.js';
import type { EndpointSpec } from './endpoint.js';

/** What the home page shows. */
export const homeEndpoints = {
  home: {
    access: 'optional',
    shared: true,
    tag: '首页',
    summary: '首页数据：推荐辅料（最多 8 种）、数据库（含调用者能否查看）、最新资讯与法规（各 6 条）、辅料总数',
    responses: { 200: HomeData },
  },
} as const satisfies Record<string, EndpointSpec>;
