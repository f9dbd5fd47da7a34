import type { Transactor } from '../../db/transactor.js';
import { defineModule } from '../../kernel/module.js';
import { SalesOrderRepository } from './sales-order.repository.js';
import type { SalesOrderRepositories } from './sales-order.repositories.js';
import { salesOrderRoutes } from './sales-order.routes.js';
import * as tables from './sales-order.schema.js';
import { SalesOrderService } from './sales-order.service.js';
import type { ProductAudience } from '../change-notice/change-notice.audience.js';

declare module '../../kernel/module.js' {
  interface Services {
    salesOrders: SalesOrderService;
    /** Who bought a product (for change notices). */
    salesOrderAudience: ProductAudience;
  }
}

/** 销售订单: orders made from accepted quotes; contract, bank transfer, shipping with batch numbers, the invoice. */
export const salesOrderModule = defineModule({
  name: 'sales-order',
  tables: [tables],
  repositories: (db): SalesOrderRepositories => ({ salesOrders: new SalesOrderRepository(db) }),
  provide: ({ transactor, services, config, now }) => {
    const own: Transactor<SalesOrderRepositories> = transactor;
    return {
      salesOrderAudience: { tiesTo: (excipientId: number) => own.on().salesOrders.tiesTo(excipientId) },
      salesOrders: new SalesOrderService({
        salesOrders: own.on().salesOrders,
        transactor: own,
        users: services.users,
        notices: services.notices,
        staffAlerts: services.staffAlerts,
        messages: services.messages,
        invoices: services.invoices,
        bank: services.payment.setup.bank,
        siteUrl: config.SITE_URL,
        now,
        batches: services.batches,
      }),
    };
  },
  routes: async (app, { services }) => app.register(salesOrderRoutes, { salesOrders: services.salesOrders, guard: services.guard }),
  accountDeletion: ({ services }) => ({
    blocker: (userId, within) => services.salesOrders.deletionBlocker(userId, within),
    anonymise: (user, within) => services.salesOrders.anonymise(user.id, within),
  }),
});
