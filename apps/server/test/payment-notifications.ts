import { createSign, randomBytes } from 'node:crypto';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { SANDBOX_ALIPAY_APP_ID, SANDBOX_WECHAT, type SandboxKeys } from '../src/modules/payment/payment-setup.js';

/*
 * Notifications as the gateways send them, built by hand so that tests can vary every byte: the
 * signing key, the body after signing, the spelling of the same JSON or form.
 */

/** A 微信支付 transaction as the notification's encrypted resource carries it. */
export function wechatTransaction(orderNumber: string, amountFen: number, tradeNo = `4200${randomBytes(8).toString('hex')}`) {
  return {
    mchid: SANDBOX_WECHAT.mchid,
    appid: SANDBOX_WECHAT.appid,
    out_trade_no: orderNumber,
    transaction_id: tradeNo,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    success_time: '2026-11-26T10:30:00+08:00',
    amount: { total: amountFen, payer_total: amountFen, currency: 'CNY', payer_currency: 'CNY' },
  };
}

/** The notification body around an encrypted transaction; `spell` writes the JSON (key order, spacing, escapes). */
export function wechatBody(keys: SandboxKeys, transaction: object, spell: (value: object) => string = JSON.stringify): string {
  const nonce = randomBytes(6).toString('hex');
  const ciphertext = Aes.AesGcm.encrypt(JSON.stringify(transaction), keys.wechatApiV3Key, nonce, 'transaction');
  return spell({
    id: randomBytes(8).toString('hex'),
    create_time: '2026-11-26T10:30:01+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
  });
}

/** The signature headers of a body, signed with `privateKey` (the platform's, unless a test forges it). */
export function wechatHeaders(body: string, privateKey: string, at = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const nonce = Formatter.nonce();
  return {
    'content-type': 'application/json',
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': SANDBOX_WECHAT.publicKeyId,
    'wechatpay-signature': Rsa.sign(Formatter.response(timestamp, nonce, body), privateKey),
  };
}

/** 支付宝's asynchronous notification of a paid trade, as the form fields it signs. */
export function alipayFields(orderNumber: string, totalAmount: string, tradeNo = `2026${randomBytes(8).toString('hex')}`): Record<string, string> {
  return {
    notify_time: '2026-11-26 10:30:02',
    notify_type: 'trade_status_sync',
    notify_id: randomBytes(8).toString('hex'),
    app_id: SANDBOX_ALIPAY_APP_ID,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: tradeNo,
    out_trade_no: orderNumber,
    trade_status: 'TRADE_SUCCESS',
    total_amount: totalAmount,
    subject: '辅料通-专业会员 年卡 “测试” & 100%',
    gmt_payment: '2026-11-26 10:30:00',
  };
}

/** Signs the fields (sorted, without sign and sign_type) with `privateKey`. */
export function signAlipay(fields: Record<string, string>, privateKey: string): Record<string, string> {
  const text = Object.keys(fields)
    .filter((key) => key !== 'sign' && key !== 'sign_type')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  return { ...fields, sign: createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64') };
}

/** A form body of the fields; `plusForSpace` writes spaces as + (as browsers do) rather than %20. */
export function formBody(fields: Record<string, string>, order = Object.keys(fields), plusForSpace = true): string {
  return order
    .map((key) => {
      const value = encodeURIComponent(fields[key]!);
      return `${key}=${plusForSpace ? value.replace(/%20/g, '+') : value}`;
    })
    .join('&');
}
