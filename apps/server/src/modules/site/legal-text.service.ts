import { z } from 'zod';
import {
  IsoDate,
  LEGAL_PLACEHOLDERS,
  legalDocumentLabels,
  POLICY_VERSION,
  type AdminLegalText,
  type LegalDocument,
  type LegalText,
  type LegalTextBody,
  type SiteProfile,
} from '@fuliaotong/contracts';
import type { Transactor } from '../../db/transactor.js';
import { validationError } from '../../http/errors.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import { cleanRichText, sanitizeRichText } from '../content/rich-text.js';
import type { SettingsStore } from '../settings/settings-store.js';
import { AGREEMENT_HTML, PRIVACY_HTML } from './legal-defaults.js';

const key = (doc: LegalDocument) => `legal.${doc}`;
const Stored = z.object({ html: z.string(), version: IsoDate, updatedAt: z.string() });
/** The initial texts, within the allow-list as every stored text is. */
const DEFAULTS: Record<LegalDocument, string> = { agreement: sanitizeRichText(AGREEMENT_HTML), privacy: sanitizeRichText(PRIVACY_HTML) };

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The legal texts (用户协议, 隐私政策): HTML within the rich-text allow-list, stored as settings with a
 * version each, edited on the legal texts desk. Until the staff publish one, the initial text applies
 * at POLICY_VERSION. A page shows a text with the company's details filled in from the site settings;
 * a registration records the newest version of the two as the one the user agreed to.
 */
export class LegalTextService {
  constructor(
    private readonly settings: SettingsStore,
    private readonly transactor: Transactor,
    private readonly site: { profile(): Promise<SiteProfile> },
  ) {}

  async current(doc: LegalDocument): Promise<AdminLegalText> {
    const stored = Stored.safeParse(await this.settings.get(key(doc)));
    const title = legalDocumentLabels[doc];
    if (!stored.success) return { doc, title, html: DEFAULTS[doc], version: POLICY_VERSION, updatedAt: null };
    return { doc, title, ...stored.data };
  }

  /** The text as a page shows it: each placeholder replaced by the company's detail it names. */
  async published(doc: LegalDocument): Promise<LegalText> {
    const [text, profile] = await Promise.all([this.current(doc), this.site.profile()]);
    const html = text.html.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in LEGAL_PLACEHOLDERS ? escapeHtml(profile[name as keyof typeof LEGAL_PLACEHOLDERS]) : whole,
    );
    return { doc, title: text.title, html, version: text.version };
  }

  /** The version a user agrees to on registering: the newer of the two texts'. */
  async policyVersion(): Promise<string> {
    const [agreement, privacy] = await Promise.all([this.current('agreement'), this.current('privacy')]);
    return agreement.version > privacy.version ? agreement.version : privacy.version;
  }

  /** Publishes a new text: cleaned by the shared allow-list, at a version not older than the current one. */
  async update(actor: StaffActor, doc: LegalDocument, body: LegalTextBody): Promise<AdminLegalText> {
    const before = await this.current(doc);
    if (body.version < before.version) {
      throw validationError([{ path: 'body.version', message: `版本不能早于当前版本（${before.version}）` }]);
    }
    const { html, foreignImages } = cleanRichText(body.html);
    if (foreignImages.length > 0) {
      throw validationError([{ path: 'body.html', message: '正文中有来自其他网站的图片：本站不下载外部图片，请删除或改为上传' }]);
    }
    if (!html) throw validationError([{ path: 'body.html', message: '请填写正文' }]);
    const next = { html, version: body.version, updatedAt: new Date().toISOString() };
    return this.transactor.transaction(async (within) => {
      await this.settings.put(key(doc), next, within);
      await recordChange(within, actor, {
        action: 'settings.update',
        entityType: 'setting',
        entityId: key(doc),
        summary: `发布${legalDocumentLabels[doc]}（版本 ${body.version}）`,
        before: { html: before.html, version: before.version },
        after: { html, version: body.version },
      });
      return { doc, title: legalDocumentLabels[doc], ...next };
    });
  }
}
