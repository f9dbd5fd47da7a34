import { endpointRoutes } from '../../http/endpoint-routes.js';
import { sendPdf } from '../../http/uploads.js';
import { actorOf, principalOf } from '../account/auth.guard.js';
import type { QuoteService } from './quote.service.js';

/** Price requests and quotes: the buyer's side (their own and their company's requests), and the sales staff's desk. */
export const quoteRoutes = endpointRoutes<{ quotes: QuoteService }>((route, { quotes }) => {
  route('quoteList', async (request) => quotes.list(principalOf(request).user, request.query));
  route('quoteCreate', async (request, reply) => reply.code(201).send(await quotes.create(principalOf(request).user, actorOf(request), request.body)));
  route('quoteDetail', async (request) => quotes.detail(principalOf(request).user, request.params.id));
  route('quoteMessage', async (request) => quotes.message(principalOf(request).user, actorOf(request), request.params.id, request.body.message));
  route('quoteRevisionRequest', async (request) => quotes.requestRevision(principalOf(request).user, actorOf(request), request.params.id, request.body.message));
  route('quoteAccept', async (request) => quotes.accept(principalOf(request).user, actorOf(request), request.params.id, request.body.revisionId));
  route('quoteDecline', async (request) => quotes.decline(principalOf(request).user, actorOf(request), request.params.id, request.body.message));
  route('quoteCancel', async (request) => quotes.cancel(principalOf(request).user, actorOf(request), request.params.id));
  route('quotePdf', async (request, reply) => {
    const { bytes, filename } = await quotes.pdf(principalOf(request).user, request.params.id, request.params.revisionId);
    return sendPdf(reply, bytes, filename);
  });

  route('adminQuoteList', async (request) => quotes.adminList(request.query));
  route('adminQuoteDetail', async (request) => quotes.adminDetail(request.params.id));
  route('adminQuoteRevise', async (request, reply) =>
    reply.code(201).send(await quotes.revise(principalOf(request).user, actorOf(request), request.params.id, request.body)),
  );
  route('adminQuoteMessage', async (request) => quotes.staffMessage(principalOf(request).user, actorOf(request), request.params.id, request.body.message));
  route('adminQuotePdf', async (request, reply) => {
    const { bytes, filename } = await quotes.adminPdf(request.params.id, request.params.revisionId);
    return sendPdf(reply, bytes, filename);
  });
});
