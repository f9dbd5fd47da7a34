import { repositoriesOf } from '../../db/transactor.js';
import type { PlanRepository } from './plan.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface PlanRepositories {
  plans: PlanRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownPlan = repositoriesOf<PlanRepositories>();
