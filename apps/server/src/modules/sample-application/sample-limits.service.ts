import { DEFAULT_SAMPLE_LIMITS, SampleLimits } from '@fuliaotong/contracts';
import type { Transactor } from '../../db/transactor.js';
import type { SettingsRepositories } from '../settings/settings.repositories.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { SettingsStore } from '../settings/settings-store.js';
import { withDefaults } from '../settings/stored-settings.js';

export const SAMPLE_LIMITS_KEY = 'sample.limits';

/**
 * The limits of the sample programme (items per cart and per application, quantity per item,
 * applications awaiting review). Read per request, so that a change by the staff applies at once
 * on every server instance; the defaults of the contract apply until the staff store others.
 */
export class SampleLimitsService {
  constructor(
    private readonly settings: SettingsStore,
    private readonly transactor: Transactor<SettingsRepositories>,
  ) {}

  async current(): Promise<SampleLimits> {
    return withDefaults(SampleLimits, DEFAULT_SAMPLE_LIMITS, await this.settings.get(SAMPLE_LIMITS_KEY));
  }

  /** Stores new limits, recorded in the audit log with the ones they replace. */
  async update(actor: StaffActor, limits: SampleLimits): Promise<SampleLimits> {
    const before = await this.current();
    await this.transactor.transaction(async (repositories) => {
      await this.settings.put(SAMPLE_LIMITS_KEY, limits, repositories);
      await recordChange(repositories, actor, {
        action: 'settings.update',
        entityType: 'setting',
        entityId: SAMPLE_LIMITS_KEY,
        summary: '修改样品限额',
        before,
        after: limits,
      });
    });
    return limits;
  }
}
