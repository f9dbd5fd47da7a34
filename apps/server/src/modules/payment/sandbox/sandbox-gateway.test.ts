import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.js';
import { sandboxGatewayOrders, sandboxGatewayRefunds } from './sandbox.schema.js';
import { openTestDatabase, testSandboxKeys } from '../../../../test/test-app.js';
import { AlipayGateway } from '../alipay.gateway.js';
import { GatewayError } from '../gateway.js';
import { sandboxSetup } from '../payment-setup.js';
import { WechatPayGateway } from '../wechat-pay.gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { SandboxRepository } from './sandbox.repository.js';

/*
 * The sandbox gateways refund as 微信支付 and 支付宝 do: one refund per refund number, answered again
 * (not refused, not refunded twice) when the same number is asked for again. Driven through the real
 * drivers (the official SDKs) over HTTP, as the server drives them.
 */

const SITE = 'http://www.fuliaotong.example';
let database: Database;
let sandbox: SandboxGateway;
let wechat: WechatPayGateway;
let alipay: AlipayGateway;

beforeAll(async () => {
  database = await openTestDatabase();
  const setup = sandboxSetup(testSandboxKeys());
  sandbox = new SandboxGateway({
    repo: new SandboxRepository(database.db),
    keys: setup.sandbox!,
    siteUrl: SITE,
    deliver: () => Promise.resolve({ status: 204, body: '' }),
  });
  const base = await sandbox.baseUrl();
  const wechatKeys = { ...setup.wechat!, baseUrl: `${base}/wechat/` };
  const alipayKeys = { ...setup.alipay!, gateway: `${base}/alipay/gateway.do`, cashier: `${SITE}/sandbox-pay/alipay/gateway.do` };
  wechat = new WechatPayGateway(() => wechatKeys, `${SITE}/api/app/payment/notify/wechat`);
  alipay = new AlipayGateway(() => alipayKeys, `${SITE}/api/app/payment/notify/alipay`);
});
afterAll(async () => {
  await sandbox.close();
  await database.close();
});

let serial = 0;
/** An order the sandbox gateway of `provider` holds as paid, of `amountFen`. */
async function paidOrder(provider: 'wechat' | 'alipay', amountFen: number): Promise<string> {
  serial += 1;
  const number = `DD20261127${String(900_000 + serial)}`;
  await database.db.insert(sandboxGatewayOrders).values({
    token: `token${provider}${serial}`,
    provider,
    outTradeNo: number,
    amountFen,
    subject: '辅料通-测试',
    expiresAt: new Date(Date.now() + 30 * 60_000),
    notifyUrl: `${SITE}/api/app/payment/notify/${provider}`,
    status: 'SUCCESS',
    tradeNo: `trade${provider}${serial}`,
    paidAt: new Date(),
  });
  return number;
}

const refundedOf = async (number: string) => {
  const [order] = await database.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.outTradeNo, number));
  const refunds = await database.db.select().from(sandboxGatewayRefunds).where(eq(sandboxGatewayRefunds.orderId, order!.id));
  return { refundedFen: order!.refundedFen, refunds: refunds.length };
};

describe.each([
  ['微信支付', 'wechat'],
  ['支付宝', 'alipay'],
] as const)('%s sandbox refunds', (_name, provider) => {
  const gateway = () => (provider === 'wechat' ? wechat : alipay);

  it('the same refund number asked again answers the same refund, also ten at once, and refunds once', async () => {
    const number = await paidOrder(provider, 98_000);
    const refund = { orderNumber: number, refundNo: `${number}R0`, amountFen: 98_000, totalFen: 98_000 };
    await gateway().refund(refund);
    await gateway().refund(refund);
    await Promise.all(Array.from({ length: 10 }, () => gateway().refund(refund)));
    expect(await refundedOf(number)).toEqual({ refundedFen: 98_000, refunds: 1 });
  });

  it('another refund number beyond what was paid is refused', async () => {
    const number = await paidOrder(provider, 98_000);
    await gateway().refund({ orderNumber: number, refundNo: `${number}R0`, amountFen: 98_000, totalFen: 98_000 });
    await expect(gateway().refund({ orderNumber: number, refundNo: `${number}R1`, amountFen: 1, totalFen: 98_000 })).rejects.toBeInstanceOf(GatewayError);
    expect(await refundedOf(number)).toEqual({ refundedFen: 98_000, refunds: 1 });
  });
});
