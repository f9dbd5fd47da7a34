import type { ApiOperation } from './api-paths.js';
import type { EndpointRequest, EndpointResponse, EndpointSpecs } from './endpoint.js';
import { accountEndpoints } from './account.endpoints.js';
import { addressEndpoints } from './address.endpoints.js';
import { articleEndpoints } from './article.endpoints.js';
import { auditEndpoints } from './audit.endpoints.js';
import { dashboardEndpoints } from './dashboard.endpoints.js';
import { excipientEndpoints } from './excipient.endpoints.js';
import { favoriteEndpoints } from './favorite.endpoints.js';
import { formDictionaryEndpoints } from './form-dictionary.endpoints.js';
import { grantEndpoints } from './grant.endpoints.js';
import { homeEndpoints } from './home.endpoints.js';
import { invoiceEndpoints } from './invoice.endpoints.js';
import { companyEndpoints } from './company.endpoints.js';
import { quoteEndpoints } from './quote.endpoints.js';
import { salesOrderEndpoints } from './sales-order.endpoints.js';
import { documentRequestEndpoints } from './document-request.endpoints.js';
import { changeNoticeEndpoints } from './change-notice.endpoints.js';
import { batchEndpoints } from './batch.endpoints.js';
import { locationEndpoints } from './location.endpoints.js';
import { noticeEndpoints } from './notice.endpoints.js';
import { orderEndpoints } from './order.endpoints.js';
import { paymentEndpoints } from './payment.endpoints.js';
import { planEndpoints } from './plan.endpoints.js';
import { referenceEndpoints } from './reference.endpoints.js';
import { registrationImportEndpoints } from './registration-import.endpoints.js';
import { registrationWatchEndpoints } from './registration-watch.endpoints.js';
import { registrationEndpoints } from './registration.endpoints.js';
import { sampleApplicationEndpoints } from './sample-application.endpoints.js';
import { sampleCartEndpoints } from './sample-cart.endpoints.js';
import { searchEndpoints } from './search.endpoints.js';
import { siteEndpoints } from './site.endpoints.js';
import { systemEndpoints } from './system.endpoints.js';
import { userAdminEndpoints } from './user-admin.endpoints.js';
import { verificationEndpoints } from './verification.endpoints.js';

/**
 * The endpoint table: every endpoint of `/api/` — access level, documentation, request and response
 * schemas — keyed by operation id, with its method and path in `apiPaths`. The server registers its
 * routes from it, the OpenAPI document is generated from it, the authorization matrix test walks it,
 * and clients are typed from it. The `satisfies` clause makes a missing or extra operation a type error.
 * Each `<module>.endpoints.ts` holds the operations of one server module (`apps/server/src/modules/<module>/`),
 * its public and its staff operations together (docs/decisions/0052).
 */
export const endpoints = {
  ...systemEndpoints,
  ...accountEndpoints,
  ...verificationEndpoints,
  ...addressEndpoints,
  ...noticeEndpoints,
  ...favoriteEndpoints,
  ...registrationWatchEndpoints,
  ...homeEndpoints,
  ...excipientEndpoints,
  ...registrationEndpoints,
  ...registrationImportEndpoints,
  ...referenceEndpoints,
  ...articleEndpoints,
  ...searchEndpoints,
  ...sampleCartEndpoints,
  ...sampleApplicationEndpoints,
  ...formDictionaryEndpoints,
  ...locationEndpoints,
  ...planEndpoints,
  ...grantEndpoints,
  ...orderEndpoints,
  ...paymentEndpoints,
  ...companyEndpoints,
  ...quoteEndpoints,
  ...salesOrderEndpoints,
  ...documentRequestEndpoints,
  ...changeNoticeEndpoints,
  ...batchEndpoints,
  ...invoiceEndpoints,
  ...siteEndpoints,
  ...dashboardEndpoints,
  ...auditEndpoints,
  ...userAdminEndpoints,
} as const satisfies EndpointSpecs;

/** Exactly the operations of `apiPaths`: no spec without a path. */
const noExtraSpecs: [Exclude<keyof typeof endpoints, ApiOperation>] extends [never] ? true : never = true;
void noExtraSpecs;

export type Endpoints = typeof endpoints;
/** What a client sends to an operation (path parameters, query, body). */
export type ApiRequest<K extends ApiOperation> = EndpointRequest<Endpoints[K]>;
/** What an operation answers on success. */
export type ApiResponse<K extends ApiOperation> = EndpointResponse<Endpoints[K]>;
