import { createSign, createVerify, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { beijingDateTime, fenOf, yuanText } from '../alipay.gateway.js';
import { SANDBOX_ALIPAY_APP_ID, SANDBOX_WECHAT, type SandboxKeys } from '../payment-setup.js';
import { beijingRfc3339 } from '../wechat-pay.gateway.js';
import type { SandboxOrderRow, SandboxRepository } from './sandbox.repository.js';

/** Sends a notification to our own server (the stand-in's "internet" is the app itself). */
export type Deliver = (request: { url: string; headers: Record<string, string>; body: string }) => Promise<{ status: number; body: string }>;

interface WechatReply {
  status: number;
  body: string;
}

const rsa2 = {
  sign: (text: string, privateKey: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64'),
  verify: (text: string, signature: string, publicKey: string) => {
    try {
      return createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKey, signature, 'base64');
    } catch {
      return false;
    }
  },
};

/** Sorted `key=value` pairs without `sign` (and without `sign_type` for notifications), as 支付宝 signs them. */
function alipaySignText(params: Record<string, string>, withoutSignType = false): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && !(withoutSignType && key === 'sign_type') && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

const newTradeNo = (prefix: string) => `${prefix}${Date.now()}${randomBytes(4).toString('hex')}`;

/**
 * The stand-in of 微信支付 and 支付宝 that sandbox mode runs (PAYMENT_MODE=sandbox): the gateways'
 * server API on a loopback port of its own (the SDKs' base URL), and the buyer's pages on the site
 * under /sandbox-pay/. It checks our requests' signatures with our public keys, signs its answers and
 * notifications with the test keys of the gateways' side, and keeps its orders in the database, exactly
 * as the real gateways do — so the SDKs' and our verification code run in every test and demo payment.
 */
export class SandboxGateway {
  private api: FastifyInstance | undefined;
  private listening: Promise<string> | undefined;

  constructor(
    private readonly deps: {
      repo: SandboxRepository;
      keys: SandboxKeys;
      siteUrl: string;
      deliver: Deliver;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The gateways' API, listening on 127.0.0.1 (started at the first call): its base URL. */
  baseUrl(): Promise<string> {
    this.listening ??= (async () => {
      const api = Fastify({ logger: false });
      this.api = api;
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      api.route({
        method: ['GET', 'POST'],
        url: '/wechat/*',
        handler: async (request, reply) => {
          // The merchant signs the path it called (the stand-in's /wechat/ prefix included); the API is what follows it.
          const answer = await this.wechatApi(request.method, request.url, request.url.slice('/wechat'.length), request.headers, typeof request.body === 'string' ? request.body : '');
          return this.sendWechat(reply, answer);
        },
      });
      api.post('/alipay/gateway.do', async (request, reply) => {
        const params: Record<string, string> = { ...(request.query as Record<string, string>) };
        for (const [key, value] of new URLSearchParams(typeof request.body === 'string' ? request.body : '')) params[key] = value;
        return reply.type('application/json; charset=utf-8').send(await this.alipayApi(params));
      });
      // A port of this process's own: in a cluster worker, listening on port 0 would otherwise share one
      // port among the workers, through the primary process.
      const address = await api.listen({ host: '127.0.0.1', port: 0, exclusive: true });
      return address;
    })();
    return this.listening;
  }

  async close(): Promise<void> {
    await this.api?.close();
  }

  // ——— 微信支付 ———

  /**
   * Signed as 微信支付 signs answers and notifications. The SDK checks an answer's time against the
   * machine's clock, our notification check against the app's (which tests move): each gets its own.
   */
  private signWechat(status: number, body: string, at: Date = new Date()): { status: number; body: string; headers: Record<string, string> } {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const nonce = Formatter.nonce();
    return {
      status,
      body,
      headers: {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': SANDBOX_WECHAT.publicKeyId,
        'wechatpay-signature': Rsa.sign(Formatter.response(timestamp, nonce, body), this.deps.keys.wechatPlatform.privateKey),
      },
    };
  }

  private sendWechat(reply: FastifyReply, answer: WechatReply) {
    const signed = this.signWechat(answer.status, answer.body);
    reply.code(signed.status).headers(signed.headers);
    if (signed.body === '') return reply.send();
    return reply.type('application/json').send(signed.body);
  }

  private wechatError(status: number, code: string, message: string): WechatReply {
    return { status, body: JSON.stringify({ code, message }) };
  }

  /** Checks the merchant's WECHATPAY2-SHA256-RSA2048 signature of a request. */
  private wechatSignedByMerchant(method: string, uri: string, headers: IncomingHttpHeaders, body: string): boolean {
    const header = headers.authorization ?? '';
    const fields: Record<string, string | undefined> = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ') || fields.mchid !== SANDBOX_WECHAT.mchid || fields.serial_no !== SANDBOX_WECHAT.merchantSerial) return false;
    if (!fields.timestamp || !fields.nonce_str || !fields.signature) return false;
    return Rsa.verify(Formatter.request(method, uri, fields.timestamp, fields.nonce_str, body), fields.signature, this.deps.keys.wechatMerchant.publicKey);
  }

  private transaction(order: SandboxOrderRow): Record<string, unknown> {
    return {
      appid: SANDBOX_WECHAT.appid,
      mchid: SANDBOX_WECHAT.mchid,
      out_trade_no: order.outTradeNo,
      ...(order.tradeNo ? { transaction_id: order.tradeNo } : {}),
      trade_type: 'NATIVE',
      trade_state: order.status,
      trade_state_desc: order.status === 'SUCCESS' ? '支付成功' : order.status === 'CLOSED' ? '已关闭' : '未支付',
      ...(order.paidAt ? { success_time: beijingRfc3339(order.paidAt) } : {}),
      amount: { total: order.amountFen, payer_total: order.status === 'SUCCESS' ? order.amountFen : 0, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  private async wechatApi(method: string, signedUri: string, uri: string, headers: IncomingHttpHeaders, body: string): Promise<WechatReply> {
    if (!this.wechatSignedByMerchant(method, signedUri, headers, body)) return this.wechatError(401, 'SIGN_ERROR', '签名错误');
    const path = uri.split('?')[0]!;
    const { repo } = this.deps;
    let data: Record<string, unknown>;
    try {
      data = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      return this.wechatError(400, 'PARAM_ERROR', '请求体不是 JSON');
    }
    if (method === 'POST' && path === '/v3/pay/transactions/native') {
      const amount = (data.amount as { total?: unknown } | undefined)?.total;
      if (data.mchid !== SANDBOX_WECHAT.mchid || data.appid !== SANDBOX_WECHAT.appid) return this.wechatError(400, 'PARAM_ERROR', 'mchid 或 appid 不正确');
      if (typeof data.out_trade_no !== 'string' || typeof amount !== 'number' || typeof data.notify_url !== 'string' || typeof data.time_expire !== 'string') {
        return this.wechatError(400, 'PARAM_ERROR', '参数不完整');
      }
      const order = await repo.place({
        token: randomBytes(12).toString('hex'),
        provider: 'wechat',
        outTradeNo: data.out_trade_no,
        amountFen: amount,
        subject: typeof data.description === 'string' ? data.description : '',
        expiresAt: new Date(data.time_expire),
        notifyUrl: data.notify_url,
        status: 'NOTPAY',
      });
      if (order.amountFen !== amount) return this.wechatError(400, 'INVALID_REQUEST', '订单金额与此前下单不一致');
      if (order.status === 'SUCCESS') return this.wechatError(400, 'ORDERPAID', '该订单已支付');
      return { status: 200, body: JSON.stringify({ code_url: `${this.deps.siteUrl}/sandbox-pay/wechat/${order.token}` }) };
    }
    const byNumber = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?$/.exec(path);
    if (byNumber) {
      const order = await repo.find('wechat', decodeURIComponent(byNumber[1]!));
      if (!order) return this.wechatError(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (method === 'GET' && !byNumber[2]) return { status: 200, body: JSON.stringify(this.transaction(order)) };
      if (method === 'POST' && byNumber[2]) {
        if (order.status === 'SUCCESS') return this.wechatError(400, 'ORDERPAID', '订单已支付');
        await repo.update(order.id, { status: 'CLOSED' });
        return { status: 204, body: '' };
      }
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const amount = data.amount as { refund?: unknown; total?: unknown } | undefined;
      const order = typeof data.out_trade_no === 'string' ? await repo.find('wechat', data.out_trade_no) : undefined;
      if (!order || order.status !== 'SUCCESS') return this.wechatError(404, 'RESOURCE_NOT_EXISTS', '订单不存在或未支付');
      if (typeof data.out_refund_no !== 'string' || data.out_refund_no === '') return this.wechatError(400, 'PARAM_ERROR', '缺少退款单号');
      if (typeof amount?.refund !== 'number' || amount.refund <= 0 || amount.total !== order.amountFen) {
        return this.wechatError(400, 'PARAM_ERROR', '退款金额不正确');
      }
      // One refund per out_refund_no: asked again, the same refund is answered (微信支付 does the same).
      const result = await repo.refund(order.id, data.out_refund_no, amount.refund, newTradeNo('50300'));
      if ('tooMuch' in result) return this.wechatError(400, 'PARAM_ERROR', '退款金额不正确');
      return {
        status: 200,
        body: JSON.stringify({
          refund_id: result.refund.refundId,
          out_refund_no: result.refund.refundNo,
          out_trade_no: order.outTradeNo,
          status: 'SUCCESS',
          amount: { refund: result.refund.amountFen, total: order.amountFen, currency: 'CNY' },
        }),
      };
    }
    return this.wechatError(404, 'NOT_FOUND', '接口不存在');
  }

  /** The notification 微信支付 sends when an order is paid: AES-256-GCM resource, signed headers. */
  wechatNotification(order: SandboxOrderRow): { headers: Record<string, string>; body: string } {
    const nonce = randomBytes(6).toString('hex');
    const associatedData = 'transaction';
    const ciphertext = Aes.AesGcm.encrypt(JSON.stringify(this.transaction(order)), this.deps.keys.wechatApiV3Key, nonce, associatedData);
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: beijingRfc3339(this.now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce },
    });
    const signed = this.signWechat(200, body, this.now());
    return { headers: { ...signed.headers, 'content-type': 'application/json' }, body };
  }

  // ——— 支付宝 ———

  /** Answers a gateway call as 支付宝 does: `{"<method>_response": {…}, "sign": "…"}`, signed over the inner JSON text. */
  private alipayAnswer(method: string, data: Record<string, unknown>): string {
    const inner = JSON.stringify(data);
    const sign = rsa2.sign(inner, this.deps.keys.alipayGateway.privateKey);
    return `{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${sign}"}`;
  }

  private async alipayApi(params: Record<string, string>): Promise<string> {
    const method = params.method ?? '';
    const fail = (subCode: string, subMsg: string) => this.alipayAnswer(method, { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });
    if (params.app_id !== SANDBOX_ALIPAY_APP_ID || !params.sign || !rsa2.verify(alipaySignText(params), params.sign, this.deps.keys.alipayApp.publicKey)) {
      return this.alipayAnswer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
    }
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    } catch {
      return fail('ACQ.INVALID_PARAMETER', 'biz_content 不是 JSON');
    }
    const order = biz.out_trade_no ? await this.deps.repo.find('alipay', biz.out_trade_no) : undefined;
    if (!order) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const tradeStatus = order.status === 'SUCCESS' ? 'TRADE_SUCCESS' : order.status === 'CLOSED' ? 'TRADE_CLOSED' : 'WAIT_BUYER_PAY';
    if (method === 'alipay.trade.query') {
      return this.alipayAnswer(method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: order.outTradeNo,
        ...(order.tradeNo ? { trade_no: order.tradeNo } : {}),
        trade_status: tradeStatus,
        total_amount: yuanText(order.amountFen),
        ...(order.paidAt ? { send_pay_date: beijingDateTime(order.paidAt) } : {}),
      });
    }
    if (method === 'alipay.trade.close') {
      if (order.status === 'SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      await this.deps.repo.update(order.id, { status: 'CLOSED' });
      return this.alipayAnswer(method, { code: '10000', msg: 'Success', out_trade_no: order.outTradeNo });
    }
    if (method === 'alipay.trade.refund') {
      const refund = fenOf(biz.refund_amount);
      if (order.status !== 'SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      if (refund === null || refund <= 0) return fail('ACQ.INVALID_PARAMETER', '退款金额不正确');
      // One refund per out_request_no (without one, the trade's number: a whole refund), answered again when asked again.
      const result = await this.deps.repo.refund(order.id, biz.out_request_no || order.outTradeNo, refund, newTradeNo('2026'));
      if ('tooMuch' in result) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      return this.alipayAnswer(method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: order.outTradeNo,
        trade_no: order.tradeNo,
        refund_fee: yuanText(result.order.refundedFen),
        fund_change: result.repeated ? 'N' : 'Y',
      });
    }
    return fail('ACQ.INVALID_METHOD', '接口不存在');
  }

  /**
   * The cashier (电脑网站支付 / 手机网站支付): the buyer's browser arrives with the request our server
   * signed. A good one places (or finds) the gateway's order; a bad one is refused as 支付宝 would.
   */
  async alipayCashier(params: Record<string, string>): Promise<{ order: SandboxOrderRow } | { error: string }> {
    if (params.app_id !== SANDBOX_ALIPAY_APP_ID || !params.sign || !rsa2.verify(alipaySignText(params), params.sign, this.deps.keys.alipayApp.publicKey)) {
      return { error: '验签出错：请求不是由商户签名的' };
    }
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, string>;
    } catch {
      return { error: 'biz_content 不正确' };
    }
    const amount = fenOf(biz.total_amount);
    if (!biz.out_trade_no || amount === null || !params.notify_url || !biz.time_expire) return { error: '参数不完整' };
    const order = await this.deps.repo.place({
      token: randomBytes(12).toString('hex'),
      provider: 'alipay',
      outTradeNo: biz.out_trade_no,
      amountFen: amount,
      subject: biz.subject ?? '',
      expiresAt: new Date(`${biz.time_expire.replace(' ', 'T')}+08:00`),
      notifyUrl: params.notify_url,
      returnUrl: params.return_url ?? null,
      status: 'NOTPAY',
    });
    if (order.amountFen !== amount) return { error: '订单金额与此前下单不一致' };
    return { order };
  }

  /** The asynchronous notification 支付宝 posts when a trade succeeds (a form, RSA2-signed without sign and sign_type). */
  alipayNotification(order: SandboxOrderRow): string {
    const params: Record<string, string> = {
      notify_time: beijingDateTime(this.now()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: SANDBOX_ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: order.tradeNo ?? '',
      out_trade_no: order.outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: yuanText(order.amountFen),
      receipt_amount: yuanText(order.amountFen),
      subject: order.subject,
      gmt_payment: beijingDateTime(order.paidAt ?? this.now()),
    };
    params.sign = rsa2.sign(alipaySignText(params, true), this.deps.keys.alipayGateway.privateKey);
    return new URLSearchParams(params).toString();
  }

  // ——— The buyer pays ———

  async order(token: string): Promise<SandboxOrderRow | undefined> {
    return this.deps.repo.findByToken(token);
  }

  /**
   * The buyer confirms the payment on the stand-in's page: the gateway's order is paid and the
   * notification goes to the merchant, signed as the real gateway signs it.
   */
  async pay(token: string): Promise<{ order: SandboxOrderRow; delivered: boolean } | { error: string }> {
    const found = await this.deps.repo.findByToken(token);
    if (!found) return { error: '订单不存在' };
    if (found.status === 'CLOSED') return { error: '订单已关闭，不能支付' };
    if (found.status === 'NOTPAY' && found.expiresAt <= this.now()) return { error: '订单已超过支付期限' };
    const order =
      found.status === 'SUCCESS'
        ? found
        : await this.deps.repo.update(found.id, { status: 'SUCCESS', paidAt: this.now(), tradeNo: newTradeNo(found.provider === 'wechat' ? '4200' : '2026') });
    const notification =
      order.provider === 'wechat'
        ? this.wechatNotification(order)
        : { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: this.alipayNotification(order) };
    const answer = await this.deps.deliver({ url: order.notifyUrl, ...notification });
    const delivered = order.provider === 'wechat' ? answer.status === 200 || answer.status === 204 : answer.body === 'success';
    return { order, delivered };
  }
}
