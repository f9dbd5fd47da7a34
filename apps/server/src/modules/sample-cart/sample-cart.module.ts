import { defineModule } from '../../kernel/module.js';
import type { Transactor } from '../../db/transactor.js';
import { CART_CHANGED, CONTENT_CHANGED } from '../../db/signals.js';
import { SessionCache } from '../account/session-cache.js';
import { sessionCacheMs } from '../account/account.module.js';
import { SampleCartRepository } from './sample-cart.repository.js';
import { ownSampleCart, type SampleCartRepositories } from './sample-cart.repositories.js';
import { sampleCartRoutes } from './sample-cart.routes.js';
import * as tables from './sample-cart.schema.js';
import { SampleCartService } from './sample-cart.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    cart: SampleCartService;
  }
}

/** 样品车: the samples a user collects before applying. */
export const sampleCartModule = defineModule({
  name: 'sample-cart',
  tables: [tables],
  // A change of a user's rows tells every process after the commit (the cart badge's count).
  repositories: (db, tx): SampleCartRepositories => ({
    cart: new SampleCartRepository(db, (userId) => tx.afterCommit(() => void tx.signals.publish(CART_CHANGED, String(userId)))),
  }),
  provide: ({ transactor, signals, services, options, now, app }) => {
    // The cart badge's count: kept as briefly as sessions, dropped at once when the user's rows change here
    // or elsewhere (the `cart` signal), and all of them on a content change (a deleted product takes rows with it).
    const cacheMs = sessionCacheMs(options);
    const counts = cacheMs > 0 ? new SessionCache<number>(cacheMs, now) : undefined;
    if (counts) {
      const stops = [
        signals.subscribe(CART_CHANGED, (userId) => (userId ? counts.forget(userId) : counts.clear())),
        signals.subscribe(CONTENT_CHANGED, () => counts.clear()),
      ];
      app.addHook('onClose', async () => stops.forEach((stop) => stop()));
    }
    const own: Transactor<SampleCartRepositories> = transactor;
    return { cart: new SampleCartService(own.on().cart, services.sampleLimits, own, services.users, counts) };
  },
  routes: async (app, { services }) => app.register(sampleCartRoutes, { cart: services.cart, guard: services.guard }),
  accountDeletion: () => ({
    anonymise: async (user, within) => void (await ownSampleCart(within).cart.deleteAllOf(user.id)),
  }),
});
