import { SITE_QR_IMAGE_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { AppError } from '../../http/errors.js';
import { readUpload } from '../../http/uploads.js';
import { actorOf } from '../account/auth.guard.js';
import type { LegalTextService } from './legal-text.service.js';
import type { SiteService } from './site.service.js';

/** The company's public details, the QR images, and the settings desk. */
export const siteRoutes = endpointRoutes<{ site: SiteService; legal: LegalTextService }>((route, { site, legal }) => {
  route('siteProfile', async (_request, reply) => {
    // Every page reads it; a change must show at once, so nothing may hold it.
    void reply.header('cache-control', 'no-cache');
    return site.profile();
  });

  route('siteQr', async (request, reply) => {
    const image = await site.qrImage(request.params.slot);
    if (!image) throw new AppError('not_found', '尚未设置该二维码');
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('content-disposition', 'inline')
      .header('cache-control', request.query.v === image.version ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(image.bytes);
  });

  route('adminSiteSettings', async () => site.current());
  route('adminUpdateSiteSettings', async (request) => site.update(actorOf(request), request.body));
  route('adminUploadSiteQr', async (request) => {
    const { bytes } = await readUpload(request, { maxBytes: SITE_QR_IMAGE_MAX_BYTES, what: '二维码图片' });
    return site.uploadQr(actorOf(request), request.params.slot, bytes);
  });

  route('legalText', async (request, reply) => {
    // A new version must show at once.
    void reply.header('cache-control', 'no-cache');
    return legal.published(request.params.doc);
  });
  route('adminLegalText', async (request) => legal.current(request.params.doc));
  route('adminUpdateLegalText', async (request) => legal.update(actorOf(request), request.params.doc, request.body));
});
