import type { Tx } from '../../db/transactor.js';
import type { FavoriteRepository } from './favorite.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface FavoriteRepositories {
  favorites: FavoriteRepository;
}

/** A transaction in progress, with this module's repositories. */
export type FavoriteTx = Tx & FavoriteRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownFavorite(within: Tx): FavoriteTx {
  return within as FavoriteTx;
}
