import type { Tx } from '../../db/transactor.js';
import type { SampleApplicationRepository } from './sample-application.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface SampleApplicationRepositories {
  applications: SampleApplicationRepository;
}

/** A transaction in progress, with this module's repositories. */
export type SampleApplicationTx = Tx & SampleApplicationRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownSampleApplication(within: Tx): SampleApplicationTx {
  return within as SampleApplicationTx;
}

/** What the staff's dashboard and users desk read of sample applications. */
export type ApplicationReads = Pick<SampleApplicationRepository, 'statistics' | 'countsByUser' | 'page' | 'items'>;
