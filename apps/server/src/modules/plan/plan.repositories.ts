import type { Tx } from '../../db/transactor.js';
import type { PlanRepository } from './plan.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface PlanRepositories {
  plans: PlanRepository;
}

/** A transaction in progress, with this module's repositories. */
export type PlanTx = Tx & PlanRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownPlan(within: Tx): PlanTx {
  return within as PlanTx;
}
