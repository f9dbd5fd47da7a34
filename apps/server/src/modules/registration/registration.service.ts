import {
  lockedMessages,
  memberFieldsOf,
  type Locked,
  type RegistrationDetail,
  type RegistrationPage,
  type RegistrationQuery,
  type RegistrationWatchState,
} from '@fuliaotong/contracts';
import { AppError } from '../../http/errors.js';
import { unlocks, type Viewer } from '../account/auth.guard.js';
import type { FavoriteService } from '../favorite/favorite.service.js';
import type { RegistrationRepository } from './registration.repository.js';

/** Looks up the catalogue product that carries a registration number. */
export interface ExcipientByRegNo {
  excipientIdOf(regNo: string): Promise<number | null>;
}

/** The caller's watches of a record and its product. */
export interface WatchStateOf {
  stateOf(userId: number | null, record: { regNo: string; name: string }): Promise<RegistrationWatchState>;
}

/** CDE registration records: public summaries, address and specifications after log-in, remarks for members. */
export class RegistrationService {
  constructor(
    private readonly registrations: RegistrationRepository,
    private readonly favorites: FavoriteService,
    private readonly catalogue: ExcipientByRegNo,
    private readonly watches: WatchStateOf,
  ) {}

  search(query: RegistrationQuery): Promise<RegistrationPage> {
    return this.registrations.search(query);
  }

  async detail(id: number, viewer: Viewer): Promise<RegistrationDetail> {
    const row = await this.registrations.find(id);
    if (!row) throw new AppError('not_found', '登记信息不存在');
    const [favoriteId, excipientId, watch] = await Promise.all([
      this.favorites.favoriteIdOf(viewer.userId, 'registration', id),
      this.catalogue.excipientIdOf(row.regNo),
      this.watches.stateOf(viewer.userId, row),
    ]);
    const locked: Locked[] = [];
    const detail: RegistrationDetail = {
      id: row.id,
      regNo: row.regNo,
      name: row.name,
      company: row.company,
      province: row.province,
      type: row.type,
      reviewStatus: row.reviewStatus,
      updatedOn: row.updatedOn,
      source: row.source,
      locked,
      excipientId,
      favoriteId,
      watch,
    };
    if (viewer.userId !== null) {
      detail.companyAddress = row.companyAddress;
      detail.spec = row.spec;
      detail.packageSpec = row.packageSpec;
    } else {
      locked.push({ level: 'login', message: lockedMessages.login, fields: ['companyAddress', 'spec', 'packageSpec'] });
    }
    if (unlocks(viewer, 'registration')) detail.remark = row.remark;
    else locked.push({ level: 'member', message: lockedMessages.member, fields: memberFieldsOf('registration'), database: 'registration' });
    return detail;
  }
}
