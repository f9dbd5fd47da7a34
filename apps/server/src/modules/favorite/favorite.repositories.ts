import { repositoriesOf } from '../../db/transactor.js';
import type { FavoriteRepository } from './favorite.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface FavoriteRepositories {
  favorites: FavoriteRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownFavorite = repositoriesOf<FavoriteRepositories>();
