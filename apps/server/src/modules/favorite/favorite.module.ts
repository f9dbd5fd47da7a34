import { defineModule } from '../../kernel/module.js';
import { FavoriteRepository } from './favorite.repository.js';
import { ownFavorite, type FavoriteRepositories } from './favorite.repositories.js';
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
  accountDeletion: () => ({
    anonymise: async (user, within) => void (await ownFavorite(within).favorites.deleteAllOf(user.id)),
  }),
});
