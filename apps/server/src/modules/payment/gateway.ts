import type { IncomingHttpHeaders } from 'node:http';

/** What a gateway is asked to collect: an order's number, amount and deadline. */
export interface GatewayOrder {
  number: string;
  amountFen: number;
  description: string;
  expiresAt: Date;
}

/** A payment whose report the gateway signed and we verified (merchant, app and signature). */
export interface VerifiedPayment {
  orderNumber: string;
  tradeNo: string;
  amountFen: number;
  paidAt: Date;
}

/** What the gateway answers to a notification, in its own format. */
export interface GatewayReply {
  status: number;
  contentType: string;
  body: string;
}

/** A notification that does not verify: forged, tampered with, for another merchant, or too old. */
export class NotificationRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

/** The gateway could not be reached, or refused what we asked. */
export class GatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

/**
 * One online payment gateway (微信支付, 支付宝), driven through its official SDK. In sandbox mode the
 * same driver talks to the site's stand-in with test keys: signing and verification run the same code.
 */
export interface PaymentGateway {
  readonly method: 'wechat' | 'alipay';
  /** Creates the gateway's order: the QR code content (微信 Native) or the cashier's address (支付宝). */
  start(order: GatewayOrder, options: { mobile: boolean; returnUrl: string }): Promise<string>;
  /**
   * Verifies a notification over the exact bytes received and returns the payment it reports, or null
   * for a verified notification that reports no payment. Throws {@link NotificationRejected}.
   */
  verifyNotification(raw: Buffer, headers: IncomingHttpHeaders): Promise<VerifiedPayment | null>;
  /** The answer the gateway expects: accepted (it stops retrying) or not. */
  reply(accepted: boolean): GatewayReply;
  /** Asks the gateway whether the order was paid (the buyer came back before the notification). */
  query(orderNumber: string): Promise<VerifiedPayment | null>;
  /** Closes the gateway's order, so that it can no longer be paid. */
  close(orderNumber: string): Promise<void>;
  /** Refunds (part of) a payment. */
  refund(refund: { orderNumber: string; refundNo: string; amountFen: number; totalFen: number }): Promise<void>;
}
