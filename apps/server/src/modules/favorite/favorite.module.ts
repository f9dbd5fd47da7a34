import { defineModule } from '../../kernel/module.js';
import type { Transactor } from '../../db/transactor.js';
import { FavoriteRepository } from './favorite.repository.js';
import type { FavoriteRepositories } from './favorite.repositories.js';
import { favoriteRoutes } from './favorite.routes.js';
import * as tables from './favorite.schema.js';
import { FavoriteService } from './favorite.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    favorites: FavoriteService;
  }
}

/** 收藏: products, registration records and articles a user keeps. */
export const favoriteModule = defineModule({
  name: 'favorite',
  tables: [tables],
  repositories: (db): FavoriteRepositories => ({ favorites: new FavoriteRepository(db) }),
  provide: ({ db, transactor, services }) => ({ favorites: new FavoriteService(new FavoriteRepository(db), transactor, services.users) }),
  routes: async (app, { services }) => app.register(favoriteRoutes, { favorites: services.favorites, guard: services.guard }),
  accountDeletion: ({ transactor }) => ({
    anonymise: async (user, within) => void (await (transactor as Transactor<FavoriteRepositories>).on(within).favorites.deleteAllOf(user.id)),
  }),
});
