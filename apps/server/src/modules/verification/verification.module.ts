import { defineModule } from '../../kernel/module.js';
import { makeCaptcha, type CaptchaMaker } from './captcha.js';
import { MessageCodeSender } from './code-sender.js';
import { VerificationRepository } from './verification.repository.js';
import { ownVerification, type VerificationRepositories } from './verification.repositories.js';
import { verificationRoutes } from './verification.routes.js';
import * as tables from './verification.schema.js';
import { defaultVerificationLimits, VerificationService, type VerificationLimits } from './verification.service.js';

const HOUR = 60 * 60 * 1000;

declare module '../../kernel/module.js' {
  interface Services {
    verification: VerificationService;
  }
  interface ModuleOptions {
    /** Verification codes: the sending limits and the captcha maker; the defaults unless a test changes them. */
    verification?: { limits?: Partial<VerificationLimits>; makeCaptcha?: CaptchaMaker };
  }
}

/** Verification codes (hashed in the database, sent by SMS or e-mail) and captchas. */
export const verificationModule = defineModule({
  name: 'verification',
  tables: [tables],
  repositories: (db): VerificationRepositories => ({ codes: new VerificationRepository(db) }),
  provide: ({ db, transactor, services, options, now }) => ({
    verification: new VerificationService({
      codes: new VerificationRepository(db),
      transactor,
      users: services.users,
      sender: new MessageCodeSender(services.messages),
      limits: { ...defaultVerificationLimits, ...options.verification?.limits },
      secret: options.auth.jwtSecret,
      makeCaptcha: options.verification?.makeCaptcha ?? makeCaptcha,
      now,
    }),
  }),
  routes: async (app, { services }) => app.register(verificationRoutes, { verification: services.verification, guard: services.guard }),
  // Day-old codes and captchas are of no further use.
  jobs: ({ services }) => [{ name: 'verification.prune', everyMs: HOUR, run: async () => void (await services.verification.prune()) }],
  accountDeletion: () => ({
    anonymise: async (user, within) => void (await ownVerification(within).codes.deleteCodesOf(user.account)),
  }),
});
