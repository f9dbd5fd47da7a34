import { defineModule } from '../../kernel/module.js';
import { AddressRepository } from './address.repository.js';
import { ownAddress, type AddressRepositories } from './address.repositories.js';
import { addressRoutes } from './address.routes.js';
import * as tables from './address.schema.js';
import { AddressService } from './address.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    addresses: AddressService;
  }
}

/** 收货地址: a user's delivery addresses. */
export const addressModule = defineModule({
  name: 'address',
  tables: [tables],
  repositories: (db): AddressRepositories => ({ addresses: new AddressRepository(db) }),
  provide: ({ db, transactor, services }) => ({ addresses: new AddressService(new AddressRepository(db), transactor, services.users, services.companies) }),
  routes: async (app, { services }) => app.register(addressRoutes, { addresses: services.addresses, guard: services.guard }),
  accountDeletion: () => ({
    anonymise: async (user, within) => void (await ownAddress(within).addresses.deleteAllOf(user.id)),
  }),
});
