export * from './api-client.js';
export * from './api-errors.js';
