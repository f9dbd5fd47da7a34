import { endpointRoutes } from '../../http/endpoint-routes.js';
import { viewerOf } from '../account/auth.guard.js';
import type { ReferenceService } from './reference.service.js';

/** The databases of /database: pharmacopoeia standards and usage data (registrations have their own module). */
export const referenceRoutes = endpointRoutes<{ reference: ReferenceService }>((route, { reference }) => {
  route('databaseList', async (request) => reference.list(viewerOf(request)));
  route('databaseRecords', async (request) => reference.records(request.params.code, request.query, viewerOf(request)));
  route('databaseRecord', async (request) => reference.record(request.params.code, request.params.id, viewerOf(request)));
});
