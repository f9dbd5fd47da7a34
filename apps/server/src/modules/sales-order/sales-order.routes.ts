import { endpointRoutes } from '../../http/endpoint-routes.js';
import { actorOf, principalOf } from '../account/auth.guard.js';
import type { SalesOrderService } from './sales-order.service.js';

/** Sales orders: the buyer's side (their own and their company's orders), and the desk of the sales staff and finance. */
export const salesOrderRoutes = endpointRoutes<{ salesOrders: SalesOrderService }>((route, { salesOrders }) => {
  route('salesOrderList', async (request) => salesOrders.list(principalOf(request).user, request.query));
  route('salesOrderDetail', async (request) => salesOrders.detail(principalOf(request).user, request.params.id));
  route('salesOrderReceive', async (request) => salesOrders.receive(principalOf(request).user, actorOf(request), request.params.id));
  route('salesOrderCancel', async (request) => salesOrders.cancel(principalOf(request).user, actorOf(request), request.params.id, request.body.reason));
  route('salesOrderInvoice', async (request) => salesOrders.requestInvoice(principalOf(request).user, actorOf(request), request.params.id, request.body.titleId));

  route('adminSalesOrderList', async (request) => salesOrders.adminList(request.query));
  route('adminSalesOrderDetail', async (request) => salesOrders.adminDetail(request.params.id));
  route('adminSalesOrderContract', async (request) => salesOrders.sign(principalOf(request).user, actorOf(request), request.params.id, request.body));
  route('adminSalesOrderConfirmTransfer', async (request) => salesOrders.confirmTransfer(principalOf(request).user, actorOf(request), request.params.id, request.body));
  route('adminSalesOrderShip', async (request) => salesOrders.ship(principalOf(request).user, actorOf(request), request.params.id, request.body));
  route('adminSalesOrderReceive', async (request) => salesOrders.staffReceive(principalOf(request).user, actorOf(request), request.params.id));
  route('adminSalesOrderCancel', async (request) => salesOrders.staffCancel(principalOf(request).user, actorOf(request), request.params.id, request.body.reason));
});
