import { INVOICE_FILE_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { readUpload, sendPrivateFile } from '../../http/uploads.js';
import { actorOf, principalOf } from '../account/auth.guard.js';
import type { InvoiceService } from './invoice.service.js';

/** Invoice titles and requests (the buyer), and the invoice desk (finance). */
export const invoiceRoutes = endpointRoutes<{ invoices: InvoiceService }>((route, { invoices }) => {
  route('invoiceTitleList', async (request) => invoices.titles(principalOf(request).user.id));
  route('invoiceTitleCreate', async (request, reply) => reply.code(201).send(await invoices.createTitle(principalOf(request).user.id, request.body)));
  route('invoiceTitleUpdate', async (request) => invoices.updateTitle(principalOf(request).user.id, request.params.id, request.body));
  route('invoiceTitleDelete', async (request, reply) => {
    await invoices.deleteTitle(principalOf(request).user.id, request.params.id);
    return reply.code(204).send();
  });
  route('invoiceList', async (request) => invoices.list(principalOf(request).user.id, request.query.page, request.query.pageSize));
  route('invoiceCreate', async (request, reply) => reply.code(201).send(await invoices.request(principalOf(request).user.id, request.body)));
  route('invoiceFile', async (request, reply) => {
    const { file, name } = await invoices.file(principalOf(request).user.id, request.params.id);
    return sendPrivateFile(reply, file, name);
  });
  route('adminInvoiceList', async (request) => invoices.adminList(request.query.status, request.query.page, request.query.pageSize));
  route('adminInvoiceUpload', async (request) => {
    const { bytes } = await readUpload(request, { maxBytes: INVOICE_FILE_MAX_BYTES, what: '发票文件' });
    return invoices.upload(actorOf(request), request.params.id, bytes);
  });
  route('adminInvoiceIssue', async (request) => invoices.issue(actorOf(request), request.params.id, request.body));
  route('adminInvoiceReject', async (request) => invoices.reject(actorOf(request), request.params.id, request.body.reason));
  route('adminInvoiceReverse', async (request) => invoices.reverse(actorOf(request), request.params.id, request.body.reason));
});
