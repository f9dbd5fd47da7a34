import { endpointRoutes } from '../../http/endpoint-routes.js';
import { sendPdf } from '../../http/uploads.js';
import { viewerOf } from '../auth/auth.guard.js';
import type { ExcipientService } from './excipient.service.js';

/** The excipient catalogue. */
export const excipientRoutes = endpointRoutes<{ excipients: ExcipientService }>((route, { excipients }) => {
  route('excipientList', async (request) => excipients.list(request.query));

  route('excipientFacets', async () => excipients.facets());

  route('excipientGet', async (request) => excipients.detail(request.params.id, viewerOf(request)));

  route('excipientDocument', async (request, reply) => {
    const document = await excipients.document(request.params.id, request.params.docId, viewerOf(request));
    if (document.kind === 'pdf') return sendPdf(reply, document.bytes, document.filename);
    const { filename, text } = document;
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="document.txt"; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(text, 'utf8'));
  });
});
