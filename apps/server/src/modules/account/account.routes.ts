import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { AppError } from '../../http/errors.js';
import { readUpload, sendImage } from '../../http/uploads.js';
import { maskAccount } from '../../logging/mask.js';
import { principalOf } from './auth.guard.js';
import { toUser, type AccountService, type ClientInfo } from './account.service.js';

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Registration, sessions, the profile, password reset, signing in by code and deleting the account. */
export const accountRoutes = endpointRoutes<{ accounts: AccountService }>((route, { accounts }) => {
  route('accountRegister', async (request, reply) => reply.code(201).send(await accounts.register(request.body, clientOf(request))));

  route('accountLogin', async (request) => {
    try {
      const answer = await accounts.login(request.body, clientOf(request));
      if ('token' in answer) request.log.info({ userId: answer.user.id }, 'signed in');
      else request.log.info({ account: maskAccount(request.body.account) }, 'password right, second factor sent');
      return answer;
    } catch (error) {
      // Who was refused (masked: logs never hold a whole mobile number or e-mail address), and why.
      if (error instanceof AppError && (error.code === 'unauthorized' || error.code === 'too_many_requests' || error.code === 'forbidden')) {
        request.log.info({ account: maskAccount(request.body.account), reason: error.code }, 'log-in refused');
      }
      throw error;
    }
  });

  route('accountLoginVerify', async (request) => {
    const session = await accounts.loginVerify(request.body, clientOf(request));
    request.log.info({ userId: session.user.id }, 'signed in with a second factor');
    return session;
  });

  route('accountLogout', async (request, reply) => {
    await accounts.logout(principalOf(request).sessionId);
    return reply.code(204).send(null);
  });

  route('accountLogoutAll', async (request, reply) => {
    await accounts.logoutEverywhere(principalOf(request).user.id);
    return reply.code(204).send(null);
  });

  route('accountProfile', async (request) => toUser(principalOf(request).user));

  route('accountUpdateProfile', async (request) => accounts.updateProfile(principalOf(request).user, request.body));

  route('accountUploadAvatar', async (request) => {
    const { bytes } = await readUpload(request, { maxBytes: AVATAR_MAX_BYTES, what: '图片' });
    return accounts.setAvatar(principalOf(request).user, bytes);
  });

  route('accountAvatar', async (request, reply) => {
    const image = await accounts.avatar(request.params.name);
    if (!image) throw new AppError('not_found', '图片不存在');
    return sendImage(reply, image);
  });

  route('accountChangePassword', async (request) => accounts.changePassword(principalOf(request), request.body, clientOf(request)));

  route('accountSummary', async (request) => accounts.summary(principalOf(request).user.id));

  route('accountLoginByCode', async (request) => accounts.loginByCode(request.body, clientOf(request)));

  route('accountResetPassword', async (request, reply) => {
    await accounts.resetPassword(request.body);
    return reply.code(204).send(null);
  });

  route('accountDelete', async (request, reply) => {
    await accounts.deleteAccount(principalOf(request).user, request.body, clientOf(request));
    return reply.code(204).send(null);
  });
});
