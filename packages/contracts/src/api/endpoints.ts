import { accountEndpoints } from './account.endpoints.js';
import { adminEndpoints } from './admin.endpoints.js';
import { articleAdminEndpoints } from './article-admin.endpoints.js';
import type { EndpointRequest, EndpointResponse, EndpointSpecs } from './endpoint.js';
import { excipientAdminEndpoints } from './excipient-admin.endpoints.js';
import { informationEndpoints } from './information.endpoints.js';
import { invoiceEndpoints } from './invoice.endpoints.js';
import { orderAdminEndpoints, orderEndpoints } from './order.endpoints.js';
import { planEndpoints } from './plan.endpoints.js';
import { referenceAdminEndpoints } from './reference-admin.endpoints.js';
import { registrationImportEndpoints } from './registration-import.endpoints.js';
import { sampleEndpoints } from './sample.endpoints.js';
import { siteEndpoints } from './site.endpoints.js';
import { staffEndpoints } from './staff.endpoints.js';
import { systemEndpoints } from './system.endpoints.js';
import type { ApiOperation } from './api-paths.js';

/**
 * The endpoint table: every endpoint of `/api/` — access level, documentation, request and response
 * schemas — keyed by operation id, with its method and path in `apiPaths`. The server registers its
 * routes from it, the OpenAPI document is generated from it, the authorization matrix test walks it,
 * and clients are typed from it. The `satisfies` clause makes a missing or extra operation a type error.
 */
export const endpoints = {
  ...systemEndpoints,
  ...accountEndpoints,
  ...informationEndpoints,
  ...sampleEndpoints,
  ...adminEndpoints,
  ...staffEndpoints,
  ...siteEndpoints,
  ...excipientAdminEndpoints,
  ...registrationImportEndpoints,
  ...articleAdminEndpoints,
  ...referenceAdminEndpoints,
  ...planEndpoints,
  ...orderEndpoints,
  ...orderAdminEndpoints,
  ...invoiceEndpoints,
} as const satisfies EndpointSpecs;

/** Exactly the operations of `apiPaths`: no spec without a path. */
const noExtraSpecs: [Exclude<keyof typeof endpoints, ApiOperation>] extends [never] ? true : never = true;
void noExtraSpecs;

export type Endpoints = typeof endpoints;
/** What a client sends to an operation (path parameters, query, body). */
export type ApiRequest<K extends ApiOperation> = EndpointRequest<Endpoints[K]>;
/** What an operation answers on success. */
export type ApiResponse<K extends ApiOperation> = EndpointResponse<Endpoints[K]>;
