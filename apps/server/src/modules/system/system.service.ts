import type { BuildInfo, ReadyResponse } from '@fuliaotong/contracts';
import type { SignalBus } from '../../db/signals.js';
import { AppError } from '../../http/errors.js';
import type { SystemRepository } from './system.repository.js';

export class SystemService {
  constructor(
    private readonly repository: SystemRepository,
    readonly build: BuildInfo,
    private readonly signals: SignalBus,
    /** When the newest migration this process was built with was made. */
    private readonly newestMigration: () => Promise<number>,
  ) {}

  async checkDatabase(): Promise<void> {
    try {
      await this.repository.ping();
    } catch {
      throw new AppError('service_unavailable', '数据库暂不可用');
    }
  }

  /**
   * Whether this process may be sent requests: its database answers and has every migration this
   * process was built with (a database restored from an older backup has not), and it hears the other
   * processes' signals (without them it would serve what another process has changed). 503 names the
   * first check that fails.
   */
  async ready(): Promise<ReadyResponse> {
    await this.checkDatabase();
    if ((await this.repository.newestAppliedMigration()) < (await this.newestMigration())) {
      throw new AppError('service_unavailable', '未就绪：数据库缺少本版本的迁移');
    }
    if (!this.signals.hearing) throw new AppError('service_unavailable', '未就绪：暂时收不到其他进程的通知');
    return { status: 'ready', checks: { database: true, migrations: true, signals: true } };
  }
}
