import { endpointRoutes } from '../../http/endpoint-routes.js';
import type { VerificationService } from './verification.service.js';

/** Verification codes and the image captchas that guard them. */
export const verificationRoutes = endpointRoutes<{ verification: VerificationService }>((route, { verification }) => {
  route('accountSendCode', async (request) => verification.sendCode(request.body, { ip: request.ip }));

  route('accountCaptcha', async (request) => verification.createCaptcha({ ip: request.ip }));
});
