import type { IncomingHttpHeaders } from 'node:http';
import type { AlipaySdk } from 'alipay-sdk';
import type { GatewayOrder, GatewayReply, PaymentGateway, VerifiedPayment } from './gateway.js';
import { GatewayError, NotificationRejected } from './gateway.js';
import type { AlipayKeys } from './payment-setup.js';

/** 1980.5 元 as 支付宝 writes amounts ("1980.50") from 分. */
export function yuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** 分 from 支付宝's "1980.50"; null when it is not an amount. */
export function fenOf(yuan: string | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, as 支付宝 wants `time_expire`. */
export function beijingDateTime(at: Date): string {
  return new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** 支付宝's time text (Beijing time) as a moment. */
function beijingMoment(text: string | undefined): Date | null {
  return text && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? new Date(`${text.replace(' ', 'T')}+08:00`) : null;
}

interface TradeQuery {
  code?: string;
  msg?: string;
  subMsg?: string;
  tradeStatus?: string;
  outTradeNo?: string;
  tradeNo?: string;
  totalAmount?: string;
  sendPayDate?: string;
}

/**
 * 支付宝 (电脑网站支付 on desktops, 手机网站支付 on phones) through the official `alipay-sdk`: requests
 * are signed RSA2 with the app's key, answers and notifications verified with 支付宝公钥.
 */
export class AlipayGateway implements PaymentGateway {
  readonly method = 'alipay';
  private readonly clients = new Map<string, AlipaySdk>();

  /** `keys` is read at the first call (the sandbox fills in its gateway when its stand-in listens). */
  constructor(
    private readonly keys: () => AlipayKeys,
    private readonly notifyUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The SDK for the server's calls, or (`cashier`) for the address the buyer's browser opens. The
   * package (with its dependencies, about 20 MB of a process's memory) is loaded by the first payment
   * that needs it, not by every server process at its start (docs/decisions/0077).
   */
  private async sdk(cashier = false): Promise<AlipaySdk> {
    const keys = this.keys();
    const gateway = cashier ? (keys.cashier ?? keys.gateway) : keys.gateway;
    let client = this.clients.get(gateway);
    if (!client) {
      const { AlipaySdk } = await import('alipay-sdk');
      client = this.clients.get(gateway) ?? new AlipaySdk({
        appId: keys.appId,
        privateKey: keys.privateKey,
        alipayPublicKey: keys.alipayPublicKey,
        gateway,
        keyType: 'PKCS8',
        signType: 'RSA2',
        timeout: 10_000,
      });
      this.clients.set(gateway, client);
    }
    return client;
  }

  async start(order: GatewayOrder, options: { mobile: boolean; returnUrl: string }): Promise<string> {
    try {
      return (await this.sdk(true)).pageExecute(options.mobile ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: order.number,
          total_amount: yuanText(order.amountFen),
          subject: order.description.slice(0, 256),
          product_code: options.mobile ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
          time_expire: beijingDateTime(order.expiresAt),
        },
        notifyUrl: this.notifyUrl,
        returnUrl: options.returnUrl,
      });
    } catch (error) {
      throw new GatewayError('支付宝下单失败', { cause: error });
    }
  }

  async verifyNotification(raw: Buffer, _headers: IncomingHttpHeaders): Promise<VerifiedPayment | null> {
    // The form is read from the bytes received (no body parser in between); the signature covers its values.
    const params = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    if (!params.sign) throw new NotificationRejected('缺少签名');
    let verified: boolean;
    try {
      verified = (await this.sdk()).checkNotifySignV2(params);
    } catch {
      verified = false;
    }
    if (!verified) throw new NotificationRejected('签名验证失败');
    if (params.app_id !== this.keys().appId) throw new NotificationRejected('AppID 不符');
    if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') return null;
    const amountFen = fenOf(params.total_amount);
    if (!params.out_trade_no || !params.trade_no || amountFen === null) throw new NotificationRejected('交易信息不完整');
    return {
      orderNumber: params.out_trade_no,
      tradeNo: params.trade_no,
      amountFen,
      paidAt: beijingMoment(params.gmt_payment) ?? this.now(),
    };
  }

  reply(accepted: boolean): GatewayReply {
    // 支付宝 stops retrying on the text "success"; anything else is a failure.
    return { status: accepted ? 200 : 400, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'failure' };
  }

  private async exec<T>(
    what: string,
    method: string,
    bizContent: Record<string, unknown>,
  ): Promise<T & { code?: string; subMsg?: string; msg?: string }> {
    let result: T & { code?: string; subMsg?: string; msg?: string };
    try {
      result = (await (await this.sdk()).exec(method, { bizContent }, { validateSign: true })) as unknown as T & { code?: string };
    } catch (error) {
      throw new GatewayError(`支付宝${what}失败`, { cause: error });
    }
    return result;
  }

  async query(orderNumber: string): Promise<VerifiedPayment | null> {
    const result = await this.exec<TradeQuery>('查询订单', 'alipay.trade.query', { out_trade_no: orderNumber });
    if (result.code !== '10000') return null; // ACQ.TRADE_NOT_EXIST: the buyer never opened the cashier
    if (result.tradeStatus !== 'TRADE_SUCCESS' && result.tradeStatus !== 'TRADE_FINISHED') return null;
    const amountFen = fenOf(result.totalAmount);
    if (!result.tradeNo || amountFen === null || result.outTradeNo !== orderNumber) throw new GatewayError('支付宝查询结果不完整');
    return { orderNumber, tradeNo: result.tradeNo, amountFen, paidAt: beijingMoment(result.sendPayDate) ?? this.now() };
  }

  async close(orderNumber: string): Promise<void> {
    const result = await this.exec('关闭订单', 'alipay.trade.close', { out_trade_no: orderNumber });
    // An order the buyer never opened does not exist at 支付宝: nothing to close.
    if (result.code !== '10000' && result.code !== '40004')
      throw new GatewayError(`支付宝关闭订单失败：${result.subMsg ?? result.msg ?? ''}`);
  }

  async refund(refund: { orderNumber: string; refundNo: string; amountFen: number }): Promise<void> {
    const result = await this.exec('退款', 'alipay.trade.refund', {
      out_trade_no: refund.orderNumber,
      refund_amount: yuanText(refund.amountFen),
      out_request_no: refund.refundNo,
    });
    if (result.code !== '10000') throw new GatewayError(`支付宝退款失败：${result.subMsg ?? result.msg ?? ''}`);
  }
}
