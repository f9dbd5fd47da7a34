import { defineModule } from '../../kernel/module.js';
import { AlipayGateway } from './alipay.gateway.js';
import type { PaymentGateway } from './gateway.js';
import { generateSandboxKeys, sandboxSetup, type PaymentSetup } from './payment-setup.js';
import { SandboxRepository } from './sandbox/sandbox.repository.js';
import { SandboxGateway } from './sandbox/sandbox-gateway.js';
import { sandboxPages } from './sandbox/sandbox.routes.js';
import * as sandboxTables from './sandbox/sandbox.schema.js';
import { WechatPayGateway } from './wechat-pay.gateway.js';

/** How payments are taken: the setup in force, its gateways, and the sandbox standing in for both when configured so. */
export interface Payment {
  setup: PaymentSetup;
  gateways: Partial<Record<'wechat' | 'alipay', PaymentGateway>>;
  sandbox?: SandboxGateway;
}

declare module '../../kernel/module.js' {
  interface Services {
    payment: Payment;
  }
  interface ModuleOptions {
    /** How payments are taken (default: the sandbox, with test keys made for this app). */
    payment?: PaymentSetup;
  }
}

/**
 * 支付: WeChat Pay and Alipay behind one interface. In sandbox mode the stand-in of both gateways
 * starts first (its API on a loopback port, its pages on the site), and the drivers are pointed at it.
 */
export const paymentModule = defineModule({
  name: 'payment',
  tables: [sandboxTables],
  provide: async ({ db, app, options, config, now }) => {
    const given = options.payment ?? sandboxSetup(generateSandboxKeys());
    const siteUrl = config.SITE_URL;
    let sandbox: SandboxGateway | undefined;
    let { wechat, alipay } = given;
    if (given.sandbox) {
      sandbox = new SandboxGateway({
        repo: new SandboxRepository(db),
        keys: given.sandbox,
        siteUrl,
        now,
        // The stand-in's notifications reach this server as the gateway's would, bytes and headers as sent.
        deliver: async ({ url, headers, body }) => {
          const response = await app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
          return { status: response.statusCode, body: response.body };
        },
      });
      const base = await sandbox.baseUrl();
      const running = sandbox;
      app.addHook('onClose', async () => running.close());
      if (wechat) wechat = { ...wechat, baseUrl: `${base}/wechat/` };
      if (alipay) alipay = { ...alipay, gateway: `${base}/alipay/gateway.do`, cashier: `${siteUrl}/sandbox-pay/alipay/gateway.do` };
    }
    const gateways: Payment['gateways'] = {};
    const keysOfWechat = wechat;
    const keysOfAlipay = alipay;
    if (keysOfWechat) gateways.wechat = new WechatPayGateway(() => keysOfWechat, `${siteUrl}/api/app/payment/notify/wechat`, now);
    if (keysOfAlipay) gateways.alipay = new AlipayGateway(() => keysOfAlipay, `${siteUrl}/api/app/payment/notify/alipay`, now);
    return { payment: { setup: { ...given, wechat, alipay }, gateways, sandbox } };
  },
  // Plain routes (not of the endpoint table): the sandbox's cashier pages.
  routes: async (app, { services }) => {
    const { sandbox } = services.payment;
    if (sandbox) await app.register(sandboxPages, { sandbox });
  },
});
