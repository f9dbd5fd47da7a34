import { LocationResult } from '../location.js';
import type { EndpointSpec } from './endpoint.js';

/** The caller's region from its IP address, to preselect where samples go. */
export const locationEndpoints = {
  location: {
    access: 'public',
    tag: '样品',
    summary: '按请求方 IP 推断所在省市（离线 ip2region 数据；用于预选收货地区；未知、内网或境外地址返回空值；无需登录）',
    responses: { 200: LocationResult },
  },
} as const satisfies Record<string, EndpointSpec>;
