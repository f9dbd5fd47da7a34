import { defineModule } from '../../kernel/module.js';
import { eraseBuyer, openOrdersBlocker } from './order-deletion.js';
import { orderAdminRoutes } from './order-admin.routes.js';
import { OrderAdminService } from './order-admin.service.js';
import { OrderRepository } from './order.repository.js';
import type { OrderRepositories } from './order.repositories.js';
import { orderRoutes } from './order.routes.js';
import * as tables from './order.schema.js';
import { OrderService } from './order.service.js';
import { paymentRoutes } from '../payment/payment.routes.js';

const MINUTE = 60 * 1000;

declare module '../../kernel/module.js' {
  interface Services {
    orders: OrderService;
  }
}

/** 订单: orders of plans, their payment and refunds; the orders desk. */
export const orderModule = defineModule({
  name: 'order',
  tables: [tables],
  repositories: (db): OrderRepositories => ({ orders: new OrderRepository(db) }),
  provide: ({ db, transactor, services, config, logger, now }) => ({
    orders: new OrderService({
      orders: new OrderRepository(db),
      invoices: services.invoices,
      users: services.users,
      plans: services.plans,
      transactor,
      grants: services.grants,
      companies: services.companies,
      notices: services.notices,
      staffAlerts: services.staffAlerts,
      files: services.files,
      setup: services.payment.setup,
      gateways: services.payment.gateways,
      siteUrl: config.SITE_URL,
      logger: logger.child({ module: 'orders' }),
      now,
    }),
  }),
  routes: async (app, { db, transactor, services, logger, now }) => {
    const { orders, guard } = services;
    await app.register(orderRoutes, { orders, guard });
    const desk = new OrderAdminService({
      orders: new OrderRepository(db),
      payments: orders,
      transactor,
      notices: services.notices,
      staffAlerts: services.staffAlerts,
      files: services.files,
      gateways: services.payment.gateways,
      grants: services.grants,
      invoices: services.invoices,
      logger: logger.child({ module: 'orders' }),
      now,
    });
    await app.register(orderAdminRoutes, { desk, guard });
    await app.register(paymentRoutes, { orders, gateways: services.payment.gateways, guard });
  },
  // Unpaid orders close at their deadline (and their gateway orders with them).
  jobs: ({ services }) => [{ name: 'orders.close-due', everyMs: MINUTE, run: async () => void (await services.orders.closeDue()) }],
  accountDeletion: ({ services }) => ({ blocker: openOrdersBlocker, anonymise: eraseBuyer(services.files) }),
});
