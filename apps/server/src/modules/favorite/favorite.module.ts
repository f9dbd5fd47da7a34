import { defineModule } from '../../kernel/module.js';
import { FavoriteRepository } from './favorite.repository.js';
import { ownFavorite, type FavoriteRepositories } from './favorite.repositories.js';
import { favoriteRoutes } from './favorite.routes.js';
import * as tables from './favorite.schema.js';
import { FavoriteService } from './favorite.service.js';
import type { ProductAudience } from '../change-notice/change-notice.audience.js';

declare module '../../kernel/module.js' {
  interface Services {
    favorites: FavoriteService;
    /** Who keeps a product among their favorites (for change notices). */
    favoriteAudience: ProductAudience;
  }
}

/** 收藏: products, registration records and articles a user keeps. */
export const favoriteModule = defineModule({
  name: 'favorite',
  tables: [tables],
  repositories: (db): FavoriteRepositories => ({ favorites: new FavoriteRepository(db) }),
  provide: ({ db, transactor, services }) => {
    const repository = new FavoriteRepository(db);
    const favoriteAudience: ProductAudience = { tiesTo: (excipientId) => repository.tiesTo(excipientId) };
    return { favorites: new FavoriteService(repository, transactor, services.users), favoriteAudience };
  },
  routes: async (app, { services }) => app.register(favoriteRoutes, { favorites: services.favorites, guard: services.guard }),
  accountDeletion: () => ({
    anonymise: async (user, within) => void (await ownFavorite(within).favorites.deleteAllOf(user.id)),
  }),
});
