/**
 * The schemas the web's forms check their fields with (`@fuliaotong/contracts/forms`), so that the
 * browser says exactly what the server would. No page loads them with itself: the web's `schemaRule`
 * imports them on a form's first field check (apps/web/app/lib/form-rules.ts).
 */
import './zod-locale.js';

export { AccountName, Mobile, NickName, Password, VerificationCode } from './account.js';
export { AddressBody } from './address.js';
export { LegalTextBody, SiteSettingsBody } from './site.js';
export { ExcipientBody } from './excipient-admin.js';
export { SafetyDataBody } from './safety-data.js';
export { StandardBody, UsageBody } from './reference-admin.js';
export { PlanBody } from './plan.js';
export { ApproveBody, RejectBody, SampleApplicationBody, SampleLimits, ShipBody, ShipmentBatch } from './sample.js';
export { CreditCode, InvoiceTitleBody } from './invoice.js';
export { QuoteDeclineBody, QuoteLineBody, QuoteMessageBody, QuoteRequestBody, QuoteRequestLineBody, QuoteRevisionBody } from './quote.js';
export { ConfirmTransferBody } from './order.js';
export { SalesOrderCancelBody, SalesOrderContractBody, SalesOrderShipBody } from './sales-order.js';
export { ConfidentialityAcceptBody, DocumentApproveBody, DocumentRefuseBody, DocumentRequestBody, PublishConfidentialityBody } from './document-request.js';
