/**
 * The schema-free entry point of the contracts (`@fuliaotong/contracts/constants`): labels, value
 * lists and limits, without zod. Pages import these at run time, and only types from the main entry,
 * so that no page ships the API's schemas for a label.
 */
export * from './access.js';
export * from './account.js';
export * from './information.js';
export * from './sample.js';
export * from './errors.js';
export * from '../regions.js';
export * from '../pages.js';
export * from './staff.js';
export * from './site.js';
export * from './rich-text.js';
export * from './commerce.js';
export * from './company.js';
export * from './quote.js';
export * from './sales-order.js';
export * from './document-request.js';
export * from './change-notice.js';
export * from './batch.js';
export * from './safety-data.js';
