import { DEFAULT_SAMPLE_LIMITS, SampleLimits } from '@fuliaotong/contracts';
import type { Transactor } from '../../db/transactor.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { SettingsRepository } from './settings.repository.js';

export const SAMPLE_LIMITS_KEY = 'sample.limits';

/**
 * The limits of the sample programme (items per cart and per application, quantity per item,
 * applications awaiting review). Read per request, so that a change by the staff applies at once
 * on every server instance; the defaults of the contract apply until the staff store others.
 */
export class SampleLimitsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly transactor: Transactor,
  ) {}

  async current(): Promise<SampleLimits> {
    const stored = await this.settings.get(SAMPLE_LIMITS_KEY);
    if (stored === undefined) return DEFAULT_SAMPLE_LIMITS;
    // A value written by an older version may lack a field or hold a bad one: those keep their default.
    const merged = { ...DEFAULT_SAMPLE_LIMITS, ...(typeof stored === 'object' && stored !== null ? stored : {}) };
    const parsed = SampleLimits.safeParse(merged);
    if (parsed.success) return parsed.data;
    const fields = Object.fromEntries(
      (Object.keys(DEFAULT_SAMPLE_LIMITS) as Array<keyof SampleLimits>).map((key) => {
        const one = SampleLimits.shape[key].safeParse(merged[key]);
        return [key, one.success ? one.data : DEFAULT_SAMPLE_LIMITS[key]];
      }),
    );
    return fields as SampleLimits;
  }

  /** Stores new limits, recorded in the audit log with the ones they replace. */
  async update(actor: StaffActor, limits: SampleLimits): Promise<SampleLimits> {
    const before = await this.current();
    await this.transactor.transaction(async (repositories) => {
      await repositories.settings.put(SAMPLE_LIMITS_KEY, limits);
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
