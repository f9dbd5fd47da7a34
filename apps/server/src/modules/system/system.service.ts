import type { BuildInfo } from '@fuliaotong/contracts';
import { AppError } from '../../http/errors.js';
import type { SystemRepository } from './system.repository.js';

export class SystemService {
  constructor(
    private readonly repository: SystemRepository,
    readonly build: BuildInfo,
  ) {}

  async checkDatabase(): Promise<void> {
    try {
      await this.repository.ping();
    } catch {
      throw new AppError('service_unavailable', '数据库暂不可用');
    }
  }
}
