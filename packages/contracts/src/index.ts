import { z } from 'zod';

// Validation messages in Chinese for every schema, on the server and in the browser.
z.config(z.locales.zhCN());

export * from './constants/index.js';
export * from './account.js';
export * from './address.js';
export * from './common.js';
export * from './error-definition.js';
export * from './errors.js';
export * from './notice.js';
export * from './regions.js';
export * from './system.js';
export * from './access.js';
export * from './article.js';
export * from './excipient.js';
export * from './favorite.js';
export * from './reference.js';
export * from './registration.js';
export * from './search.js';
export * from './home.js';
export * from './sample.js';
export * from './api/api-paths.js';
export * from './api/endpoint.js';
export * from './api/endpoints.js';
