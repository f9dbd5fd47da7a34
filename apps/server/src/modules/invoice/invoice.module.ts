import { defineModule } from '../../kernel/module.js';
import { eraseInvoiceHolder, requestedInvoicesBlocker } from './invoice-deletion.js';
import { InvoiceRepository } from './invoice.repository.js';
import type { InvoiceRepositories } from './invoice.repositories.js';
import { invoiceRoutes } from './invoice.routes.js';
import * as tables from './invoice.schema.js';
import { InvoiceService } from './invoice.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    invoices: InvoiceService;
  }
}

/** 发票: invoice titles, requests and the invoices finance issues (普票 / 专票). */
export const invoiceModule = defineModule({
  name: 'invoice',
  tables: [tables],
  repositories: (db): InvoiceRepositories => ({ invoices: new InvoiceRepository(db) }),
  provide: ({ db, transactor, services, now }) => ({
    invoices: new InvoiceService({
      invoices: new InvoiceRepository(db),
      transactor,
      files: services.files,
      notices: services.notices,
      staffAlerts: services.staffAlerts,
      users: services.users,
      orders: services.orders,
      companies: services.companies,
      now,
    }),
  }),
  routes: async (app, { services }) => app.register(invoiceRoutes, { invoices: services.invoices, guard: services.guard }),
  accountDeletion: ({ services }) => ({ blocker: requestedInvoicesBlocker, anonymise: eraseInvoiceHolder(services.files) }),
});
