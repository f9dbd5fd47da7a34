import { repositoriesOf } from '../../db/transactor.js';
import type { SampleApplicationRepository } from './sample-application.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface SampleApplicationRepositories {
  applications: SampleApplicationRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownSampleApplication = repositoriesOf<SampleApplicationRepositories>();

/** What the staff's dashboard and users desk read of sample applications. */
export type ApplicationReads = Pick<SampleApplicationRepository, 'statistics' | 'countsByUser' | 'page' | 'items'>;
