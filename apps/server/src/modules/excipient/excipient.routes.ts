import { endpointRoutes } from '../../http/endpoint-routes.js';
import { sendPdf } from '../../http/uploads.js';
import { viewerOf } from '../account/auth.guard.js';
import type { ExcipientService } from './excipient.service.js';

/** The excipient catalogue. */
export const excipientRoutes = endpointRoutes<{ excipients: ExcipientService }>((route, { excipients }) => {
  route('excipientList', async (request) => excipients.list(request.query));

  route('excipientFacets', async () => excipients.facets());

  route('excipientGet', async (request) => excipients.detail(request.params.id, viewerOf(request)));

  route('excipientDocument', async (request, reply) => {
    const document = await excipients.document(request.params.id, request.params.docId, viewerOf(request));
    return sendPdf(reply, document.bytes, document.filename);
  });
});
