import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import {
  SITE_QR_SLOTS,
  SiteSettings,
  siteQrSlotLabels,
  type SiteProfile,
  type SiteQrSlot,
  type SiteSettingsBody,
} from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import { AppError } from '../../http/errors.js';
import { extensionOf, sniffImageType } from '../../shared/image-type.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { FileStore } from '../files/file-store.js';
import type { SettingsStore } from '../settings/settings-store.js';
import { withDefaults } from '../settings/stored-settings.js';
import { DEFAULT_SITE_SETTINGS } from './site-defaults.js';

export const SITE_SETTINGS_KEY = 'site.profile';

type QrState = SiteSettings['qrCodes'][SiteQrSlot];

/** An image to answer for a QR code. */
export interface QrImage {
  contentType: string;
  bytes: Buffer;
  /** Changes whenever the code does: part of the image's address, so the address can be cached for good. */
  version: string;
}

function versionOf(state: QrState): string | null {
  if (state.kind === 'none') return null;
  return createHash('sha256')
    .update(state.kind === 'url' ? `url:${state.url}` : `image:${state.file}`)
    .digest('base64url')
    .slice(0, 12);
}

/**
 * The company's public details (footer, side panel, /showabout, the home headline, the QR codes),
 * stored as one settings value and read per request, so that a change shows on every page and every
 * server instance at once. Until the staff save them, the defaults apply.
 */
export class SiteService {
  /** SVGs of encoded addresses (a handful at most; an address that is no longer set is dropped). */
  private readonly svgs = new Map<string, Buffer>();

  constructor(
    private readonly settings: SettingsStore,
    private readonly transactor: Transactor,
    private readonly files: FileStore,
  ) {}

  async current(): Promise<SiteSettings> {
    return withDefaults(SiteSettings, DEFAULT_SITE_SETTINGS, await this.settings.get(SITE_SETTINGS_KEY));
  }

  async profile(): Promise<SiteProfile> {
    const { updatedAt: _updatedAt, qrCodes, ...fields } = await this.current();
    const src = (slot: SiteQrSlot) => {
      const version = versionOf(qrCodes[slot]);
      return version ? `/api/app/site/qr/${slot}?v=${version}` : null;
    };
    return {
      ...fields,
      qrCodes: { officialAccount: src('officialAccount'), miniProgram: src('miniProgram'), corporateChat: src('corporateChat') },
    };
  }

  /** Saves the settings; a QR code of kind `image` keeps the image uploaded before (there must be one). */
  async update(actor: StaffActor, body: SiteSettingsBody): Promise<SiteSettings> {
    const before = await this.current();
    const qrCodes = { ...before.qrCodes };
    for (const slot of SITE_QR_SLOTS) {
      const wanted = body.qrCodes[slot];
      if (wanted.kind === 'image') {
        if (before.qrCodes[slot].kind !== 'image')
          throw new AppError('bad_request', `尚未上传${siteQrSlotLabels[slot]}二维码图片，请先上传`);
      } else {
        qrCodes[slot] = wanted;
      }
    }
    return this.save(actor, { ...body, qrCodes }, before, '修改网站信息');
  }

  /** Stores an uploaded QR image (PNG, JPEG or WebP by its bytes) and shows it in its slot. */
  async uploadQr(actor: StaffActor, slot: SiteQrSlot, bytes: Buffer): Promise<SiteSettings> {
    const type = sniffImageType(bytes);
    if (!type) throw new AppError('unsupported_media_type', '二维码图片只能是 PNG、JPEG 或 WebP 格式');
    const before = await this.current();
    return this.transactor.transaction(async (within) => {
      const file = await this.files.put(
        { bytes, contentType: type, ownerId: actor.id, extension: extensionOf(type), personal: false },
        within,
      );
      const next = { ...before, qrCodes: { ...before.qrCodes, [slot]: { kind: 'image', file } } };
      return this.save(actor, next, before, `上传${siteQrSlotLabels[slot]}二维码图片`, within);
    });
  }

  /** The image of a QR code: the uploaded one, or an SVG of the address; undefined when none is set. */
  async qrImage(slot: SiteQrSlot): Promise<QrImage | undefined> {
    const state = (await this.current()).qrCodes[slot];
    const version = versionOf(state);
    if (state.kind === 'none' || !version) return undefined;
    if (state.kind === 'image') {
      const file = await this.files.get(state.file);
      return file ? { ...file, version } : undefined;
    }
    let svg = this.svgs.get(state.url);
    if (!svg) {
      svg = Buffer.from(await QRCode.toString(state.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }));
      if (this.svgs.size >= 16) this.svgs.clear();
      this.svgs.set(state.url, svg);
    }
    return { contentType: 'image/svg+xml', bytes: svg, version };
  }

  private save(
    actor: StaffActor,
    values: Omit<SiteSettings, 'updatedAt'>,
    before: SiteSettings,
    summary: string,
    within?: Tx,
  ): Promise<SiteSettings> {
    const next: SiteSettings = { ...values, updatedAt: new Date().toISOString() };
    return this.transactor.transaction(async (repositories) => {
      await this.settings.put(SITE_SETTINGS_KEY, next, repositories);
      const { updatedAt: _was, ...was } = before;
      const { updatedAt: _is, ...is } = next;
      await recordChange(repositories, actor, {
        action: 'settings.update',
        entityType: 'setting',
        entityId: SITE_SETTINGS_KEY,
        summary,
        before: was,
        after: is,
      });
      return next;
    }, within);
  }
}
