import type { IncomingHttpHeaders } from 'node:http';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import type { GatewayOrder, GatewayReply, PaymentGateway, VerifiedPayment } from './gateway.js';
import { GatewayError, NotificationRejected } from './gateway.js';
import type { WechatPayKeys } from './payment-setup.js';

/** A notification older (or newer) than this is refused: a replay, or a clock far off. */
const MAX_CLOCK_SKEW_S = 300;

/** RFC 3339 in Beijing time, as 微信支付 wants `time_expire` (2026-11-26T18:30:00+08:00). */
export function beijingRfc3339(at: Date): string {
  const local = new Date(at.getTime() + 8 * 60 * 60 * 1000);
  return `${local.toISOString().slice(0, 19)}+08:00`;
}

interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

/**
 * 微信支付 APIv3 (Native: a QR code the buyer scans), in 微信支付公钥 mode, through
 * `wechatpay-axios-plugin`: requests are signed with the merchant key (WECHATPAY2-SHA256-RSA2048) and
 * answers verified with the 微信支付公钥; notifications are verified here over their raw bytes.
 */
export class WechatPayGateway implements PaymentGateway {
  readonly method = 'wechat';
  private client: Wechatpay | undefined;

  /** `keys` is read at the first call (the sandbox fills in its base URL when its stand-in listens). */
  constructor(
    private readonly keys: () => WechatPayKeys,
    private readonly notifyUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private wxpay(): Wechatpay {
    const keys = this.keys();
    this.client ??= new Wechatpay({
      mchid: keys.mchid,
      serial: keys.merchantSerial,
      privateKey: keys.privateKey,
      certs: { [keys.publicKeyId]: keys.publicKey },
      baseURL: keys.baseUrl,
      timeout: 10_000,
    } as ConstructorParameters<typeof Wechatpay>[0]);
    return this.client;
  }

  private async call<T>(what: string, request: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await request()).data;
    } catch (error) {
      const data = (error as { response?: { data?: { message?: string } } }).response?.data;
      throw new GatewayError(`微信支付${what}失败${data?.message ? `：${data.message}` : ''}`, { cause: error });
    }
  }

  async start(order: GatewayOrder): Promise<string> {
    const keys = this.keys();
    const data = await this.call<{ code_url?: string }>('下单', () =>
      this.wxpay()
        .chain('v3/pay/transactions/native')
        .post({
          appid: keys.appid,
          mchid: keys.mchid,
          description: order.description.slice(0, 127),
          out_trade_no: order.number,
          time_expire: beijingRfc3339(order.expiresAt),
          notify_url: this.notifyUrl,
          amount: { total: order.amountFen, currency: 'CNY' },
        }),
    );
    if (!data.code_url) throw new GatewayError('微信支付下单失败：未返回二维码');
    return data.code_url;
  }

  async verifyNotification(raw: Buffer, headers: IncomingHttpHeaders): Promise<VerifiedPayment | null> {
    const keys = this.keys();
    const header = (name: string) => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const [timestamp, nonce, serial, signature] = ['wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-serial', 'wechatpay-signature'].map(
      header,
    );
    if (!timestamp || !nonce || !serial || !signature) throw new NotificationRejected('缺少微信支付签名头');
    if (serial !== keys.publicKeyId) throw new NotificationRejected(`未知的微信支付公钥 ${serial}`);
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(this.now().getTime() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_S) {
      throw new NotificationRejected('通知时间戳超出允许范围');
    }
    // The signature covers the body exactly as it arrived: never a re-serialised object.
    const body = raw.toString('utf8');
    if (!Rsa.verify(Formatter.response(timestamp, nonce, body), signature, keys.publicKey)) throw new NotificationRejected('签名验证失败');
    let resource: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string } | undefined;
    let eventType: string | undefined;
    try {
      const parsed = JSON.parse(body) as { event_type?: string; resource?: typeof resource };
      resource = parsed.resource;
      eventType = parsed.event_type;
    } catch {
      throw new NotificationRejected('通知内容不是 JSON');
    }
    if (resource?.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce)
      throw new NotificationRejected('通知缺少加密数据');
    let transaction: Transaction;
    try {
      transaction = JSON.parse(
        Aes.AesGcm.decrypt(resource.ciphertext, keys.apiV3Key, resource.nonce, resource.associated_data ?? ''),
      ) as Transaction;
    } catch {
      throw new NotificationRejected('通知解密失败');
    }
    if (transaction.mchid !== keys.mchid || transaction.appid !== keys.appid) throw new NotificationRejected('商户号或 AppID 不符');
    if (eventType !== 'TRANSACTION.SUCCESS') return null;
    return this.paymentOf(transaction);
  }

  private paymentOf(transaction: Transaction): VerifiedPayment | null {
    if (transaction.trade_state !== 'SUCCESS') return null;
    if (!transaction.out_trade_no || !transaction.transaction_id || typeof transaction.amount?.total !== 'number') {
      throw new NotificationRejected('交易信息不完整');
    }
    return {
      orderNumber: transaction.out_trade_no,
      tradeNo: transaction.transaction_id,
      amountFen: transaction.amount.total,
      paidAt: transaction.success_time ? new Date(transaction.success_time) : this.now(),
    };
  }

  reply(accepted: boolean): GatewayReply {
    // 204 without a body is "received"; anything else with {code, message} makes the gateway retry.
    return accepted
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  async query(orderNumber: string): Promise<VerifiedPayment | null> {
    const keys = this.keys();
    const transaction = await this.call<Transaction>('查询订单', () =>
      this.wxpay()
        .chain('v3/pay/transactions/out-trade-no/{out_trade_no}')
        .get({ params: { mchid: keys.mchid }, out_trade_no: orderNumber }),
    );
    if (transaction.mchid !== keys.mchid || transaction.appid !== keys.appid)
      throw new GatewayError('微信支付查询结果的商户号或 AppID 不符');
    return this.paymentOf(transaction);
  }

  async close(orderNumber: string): Promise<void> {
    const keys = this.keys();
    await this.call('关闭订单', () =>
      this.wxpay()
        .chain('v3/pay/transactions/out-trade-no/{out_trade_no}/close')
        .post({ mchid: keys.mchid }, { out_trade_no: orderNumber }),
    );
  }

  async refund(refund: { orderNumber: string; refundNo: string; amountFen: number; totalFen: number }): Promise<void> {
    await this.call('退款', () =>
      this.wxpay()
        .chain('v3/refund/domestic/refunds')
        .post({
          out_trade_no: refund.orderNumber,
          out_refund_no: refund.refundNo,
          amount: { refund: refund.amountFen, total: refund.totalFen, currency: 'CNY' },
        }),
    );
  }
}
