import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/config.js';

/** 微信支付 APIv3 in 微信支付公钥 mode. Keys are PEM text. */
export interface WechatPayKeys {
  mchid: string;
  appid: string;
  merchantSerial: string;
  privateKey: string;
  publicKeyId: string;
  publicKey: string;
  apiV3Key: string;
  baseUrl: string;
}

/** 支付宝 (RSA2 with 支付宝公钥). Keys are PEM text. */
export interface AlipayKeys {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  /** The gateway of the server's calls (查询, 关闭, 退款). */
  gateway: string;
  /** The gateway the buyer's browser is sent to, when it is another address (the sandbox's pages on the site). */
  cashier?: string;
}

/** The company's account for 对公转账. */
export interface BankAccount {
  accountName: string;
  bankName: string;
  accountNumber: string;
}

/** A key pair as PEM (PKCS#8 private, SPKI public). */
export interface PemPair {
  privateKey: string;
  publicKey: string;
}

/**
 * The test keys of sandbox mode: our side (the merchant's and the app's key pairs) and the gateways'
 * side (the platform's and 支付宝's), so that every request, answer and notification is signed and
 * verified exactly as with the real gateways.
 */
export interface SandboxKeys {
  wechatMerchant: PemPair;
  wechatPlatform: PemPair;
  wechatApiV3Key: string;
  alipayApp: PemPair;
  alipayGateway: PemPair;
}

/** How this server takes payments: which methods, with which keys. */
export interface PaymentSetup {
  mode: 'sandbox' | 'live';
  /** null: WeChat Pay is not offered. In sandbox mode `baseUrl` is filled in when the stand-in listens. */
  wechat: WechatPayKeys | null;
  alipay: AlipayKeys | null;
  bank: BankAccount | null;
  bankTransferDays: number;
  /** Sandbox mode only: the gateways' side of the test keys, for the stand-in. */
  sandbox: SandboxKeys | null;
}

export const SANDBOX_KEYS_FILE = 'payment-sandbox-keys.json';
export const SANDBOX_WECHAT = {
  mchid: '1900000109',
  appid: 'wxd678efh567hg6787',
  merchantSerial: 'SANDBOX00000000000000000000000000000000',
  publicKeyId: 'PUB_KEY_ID_SANDBOX',
};
export const SANDBOX_ALIPAY_APP_ID = '9021000000000000';
/** Shown for 对公转账 in sandbox mode when no account is configured. */
export const SANDBOX_BANK: BankAccount = {
  accountName: '辅料通（沙箱）示例账户',
  bankName: '沙箱银行 示例支行',
  accountNumber: '6200 0000 0000 0000 000',
};

function pemPair(): PemPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** New sandbox keys (2048-bit RSA, as the gateways use). */
export function generateSandboxKeys(): SandboxKeys {
  return {
    wechatMerchant: pemPair(),
    wechatPlatform: pemPair(),
    wechatApiV3Key: randomBytes(16).toString('hex'),
    alipayApp: pemPair(),
    alipayGateway: pemPair(),
  };
}

/** The sandbox keys kept in DATA_DIR (made on the first start; every process on the folder shares them). */
export async function loadSandboxKeys(dataDir: string): Promise<SandboxKeys> {
  const file = path.join(dataDir, SANDBOX_KEYS_FILE);
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as SandboxKeys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = generateSandboxKeys();
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await fs.writeFile(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await fs.readFile(file, 'utf8')) as SandboxKeys;
  }
}

/** A key given as PEM text or as the path of a PEM file. */
async function pemOf(value: string): Promise<string> {
  return value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : fs.readFile(value, 'utf8');
}

type PaymentConfig = Pick<
  Config,
  | 'PAYMENT_MODE'
  | 'PAYMENT_METHODS'
  | 'WECHAT_PAY_MCHID'
  | 'WECHAT_PAY_APPID'
  | 'WECHAT_PAY_MERCHANT_SERIAL'
  | 'WECHAT_PAY_PRIVATE_KEY'
  | 'WECHAT_PAY_PUBLIC_KEY_ID'
  | 'WECHAT_PAY_PUBLIC_KEY'
  | 'WECHAT_PAY_APIV3_KEY'
  | 'WECHAT_PAY_BASE_URL'
  | 'ALIPAY_APP_ID'
  | 'ALIPAY_PRIVATE_KEY'
  | 'ALIPAY_PUBLIC_KEY'
  | 'ALIPAY_GATEWAY'
  | 'BANK_ACCOUNT_NAME'
  | 'BANK_NAME'
  | 'BANK_ACCOUNT_NUMBER'
  | 'BANK_TRANSFER_DAYS'
>;

/** The sandbox setup: every method, with the test keys. */
export function sandboxSetup(keys: SandboxKeys, bank: BankAccount = SANDBOX_BANK, bankTransferDays = 7): PaymentSetup {
  return {
    mode: 'sandbox',
    wechat: {
      ...SANDBOX_WECHAT,
      privateKey: keys.wechatMerchant.privateKey,
      publicKey: keys.wechatPlatform.publicKey,
      apiV3Key: keys.wechatApiV3Key,
      baseUrl: '',
    },
    alipay: {
      appId: SANDBOX_ALIPAY_APP_ID,
      privateKey: keys.alipayApp.privateKey,
      alipayPublicKey: keys.alipayGateway.publicKey,
      gateway: '',
    },
    bank,
    bankTransferDays,
    sandbox: keys,
  };
}

/**
 * The payment setup from the configuration (validated at boot: live mode never starts with a method
 * it names but lacks keys for). `sandboxKeys` is read only in sandbox mode.
 */
export async function paymentSetupOf(config: PaymentConfig, sandboxKeys: () => Promise<SandboxKeys>): Promise<PaymentSetup> {
  const configuredBank =
    config.BANK_ACCOUNT_NAME && config.BANK_NAME && config.BANK_ACCOUNT_NUMBER
      ? { accountName: config.BANK_ACCOUNT_NAME, bankName: config.BANK_NAME, accountNumber: config.BANK_ACCOUNT_NUMBER }
      : null;
  if (config.PAYMENT_MODE === 'sandbox')
    return sandboxSetup(await sandboxKeys(), configuredBank ?? SANDBOX_BANK, config.BANK_TRANSFER_DAYS);
  const wanted = (method: 'wechat' | 'alipay' | 'bank', complete: boolean) =>
    config.PAYMENT_METHODS ? config.PAYMENT_METHODS.includes(method) : complete;
  const c = config;
  const wechatComplete = Boolean(
    c.WECHAT_PAY_MCHID &&
    c.WECHAT_PAY_APPID &&
    c.WECHAT_PAY_MERCHANT_SERIAL &&
    c.WECHAT_PAY_PRIVATE_KEY &&
    c.WECHAT_PAY_PUBLIC_KEY_ID &&
    c.WECHAT_PAY_PUBLIC_KEY &&
    c.WECHAT_PAY_APIV3_KEY,
  );
  const alipayComplete = Boolean(c.ALIPAY_APP_ID && c.ALIPAY_PRIVATE_KEY && c.ALIPAY_PUBLIC_KEY);
  return {
    mode: 'live',
    wechat: wanted('wechat', wechatComplete)
      ? {
          mchid: c.WECHAT_PAY_MCHID!,
          appid: c.WECHAT_PAY_APPID!,
          merchantSerial: c.WECHAT_PAY_MERCHANT_SERIAL!,
          privateKey: await pemOf(c.WECHAT_PAY_PRIVATE_KEY!),
          publicKeyId: c.WECHAT_PAY_PUBLIC_KEY_ID!,
          publicKey: await pemOf(c.WECHAT_PAY_PUBLIC_KEY!),
          apiV3Key: c.WECHAT_PAY_APIV3_KEY!,
          baseUrl: c.WECHAT_PAY_BASE_URL,
        }
      : null,
    alipay: wanted('alipay', alipayComplete)
      ? {
          appId: c.ALIPAY_APP_ID!,
          privateKey: await pemOf(c.ALIPAY_PRIVATE_KEY!),
          alipayPublicKey: await pemOf(c.ALIPAY_PUBLIC_KEY!),
          gateway: c.ALIPAY_GATEWAY,
        }
      : null,
    bank: wanted('bank', configuredBank !== null) ? configuredBank : null,
    bankTransferDays: config.BANK_TRANSFER_DAYS,
    sandbox: null,
  };
}
