import type { Transporter } from 'nodemailer';
import type { MessagesConfig } from '../../config/config.js';
import { UNMASKED } from '../../logging/mask.js';
import { PermanentJobError } from '../jobs/job-runner.js';
import type { SmsTemplate } from './message.service.js';

/** An SMS as drivers get it: the template and its parameters (real providers), and the rendered text. */
export interface Sms {
  to: string;
  template: SmsTemplate;
  params: Record<string, string>;
  text: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** What a driver knows of a message it handed over: the provider's id, if it gives one. */
export interface Receipt {
  providerId: string | null;
}

/**
 * How messages leave (docs/decisions/0019). A driver sends one message or throws: the message's job
 * retries it with backoff, or gives up at once on a `PermanentJobError` (a refused number, a template
 * that does not fit).
 */
export interface SmsDriver {
  readonly name: string;
  send(sms: Sms): Promise<Receipt>;
}

export interface MailDriver {
  readonly name: string;
  send(mail: Mail): Promise<Receipt>;
  close?(): void;
}

/** Where the `log` drivers write: one info line per message. */
export interface DriverLogger {
  info(object: object, message: string): void;
}

/**
 * SMS_PROVIDER=log: writes each SMS as one info line of the log (`smsTo`, `smsText`, unmasked: this
 * line is how development and the browser tests read a code) instead of sending it.
 */
export class LogSmsDriver implements SmsDriver {
  readonly name = 'log';
  constructor(private readonly logger: DriverLogger) {}

  async send(sms: Sms): Promise<Receipt> {
    this.logger.info({ [UNMASKED]: true, smsTo: sms.to, smsText: sms.text }, 'SMS (SMS_PROVIDER=log: written here, not sent)');
    return { providerId: null };
  }
}

/** SMTP_URL=log: writes each e-mail as one info line of the log (`mailTo`, `mailSubject`, `mailText`). */
export class LogMailDriver implements MailDriver {
  readonly name = 'log';
  constructor(private readonly logger: DriverLogger) {}

  async send(mail: Mail): Promise<Receipt> {
    this.logger.info(
      { [UNMASKED]: true, mailTo: mail.to, mailSubject: mail.subject, mailText: mail.text },
      'e-mail (SMTP_URL=log: written here, not sent)',
    );
    return { providerId: null };
  }
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCodes: Record<SmsTemplate, string>;
  /** A host (`dysmsapi.aliyuncs.com`, HTTPS) or an origin with its scheme (`http://127.0.0.1:8080`, tests). */
  endpoint: string;
}

/** Answers of SendSms that another attempt would get again. */
const REFUSALS = new Set([
  'isv.MOBILE_NUMBER_ILLEGAL',
  'isv.INVALID_PARAMETERS',
  'isv.TEMPLATE_MISSING_PARAMETERS',
  'isv.TEMPLATE_PARAMS_ILLEGAL',
  'isv.PARAM_LENGTH_LIMIT',
  'isv.SMS_SIGNATURE_ILLEGAL',
  'isv.SMS_TEMPLATE_ILLEGAL',
  'isv.SMS_SIGN_ILLEGAL',
  'isv.BLACK_KEY_CONTROL_LIMIT',
  'isv.DENY_IP_RANGE',
  'isv.ACCOUNT_NOT_EXISTS',
  'isv.ACCOUNT_ABNORMAL',
]);

/**
 * The SDK, loaded when the first SMS is sent: with its dependencies it is about 30 MB of a server
 * process's memory, which a site that sends no SMS through Aliyun never needs (docs/decisions/0077).
 * It is CommonJS: under Node's ESM loader the class is the module's `default`; bundlers and Vitest
 * hand over the class itself.
 */
async function loadSmsSdk() {
  const [{ default: Dysmsapi, SendSmsRequest }, { $OpenApiUtil }] = await Promise.all([
    import('@alicloud/dysmsapi20170525'),
    import('@alicloud/openapi-core'),
  ]);
  const sdk = Dysmsapi as unknown;
  const DysmsapiClient = (typeof sdk === 'function' ? sdk : Dysmsapi.default) as typeof Dysmsapi.default;
  return { DysmsapiClient, SendSmsRequest, Config: $OpenApiUtil.Config };
}
type SmsSdk = Awaited<ReturnType<typeof loadSmsSdk>>;

/**
 * SMS_PROVIDER=aliyun: 阿里云短信服务 through its SDK (`SendSms` with the approved signature, the
 * message kind's template code and its parameters as JSON; the SDK signs each request with the
 * AccessKey, ACS3-HMAC-SHA256).
 */
export class AliyunSmsDriver implements SmsDriver {
  readonly name = 'aliyun';
  private client: Promise<{ sdk: SmsSdk; client: InstanceType<SmsSdk['DysmsapiClient']> }> | undefined;

  constructor(private readonly options: AliyunSmsOptions) {}

  private connected() {
    this.client ??= loadSmsSdk().then((sdk) => {
      const { options } = this;
      const match = /^(https?):\/\/([^/]+)\/?$/.exec(options.endpoint);
      const client = new sdk.DysmsapiClient(
        new sdk.Config({
          accessKeyId: options.accessKeyId,
          accessKeySecret: options.accessKeySecret,
          endpoint: match ? match[2] : options.endpoint,
          protocol: match ? match[1] : 'https',
          connectTimeout: 5_000,
          readTimeout: 10_000,
        }),
      );
      return { sdk, client };
    });
    // A failed load is tried again with the next message.
    this.client.catch(() => (this.client = undefined));
    return this.client;
  }

  async send(sms: Sms): Promise<Receipt> {
    const { sdk: { SendSmsRequest }, client } = await this.connected();
    const response = await client.sendSms(
      new SendSmsRequest({
        phoneNumbers: sms.to,
        signName: this.options.signName,
        templateCode: this.options.templateCodes[sms.template],
        templateParam: JSON.stringify(sms.params),
      }),
    );
    const body = response.body;
    if (body?.code !== 'OK') {
      const why = `SendSms answered ${body?.code ?? 'nothing'}: ${body?.message ?? ''}`;
      throw REFUSALS.has(body?.code ?? '') ? new PermanentJobError(why) : new Error(why);
    }
    return { providerId: body.bizId ?? null };
  }
}

/** SMTP_URL=smtp(s)://…: e-mail through an SMTP server (nodemailer). */
export class SmtpMailDriver implements MailDriver {
  readonly name = 'smtp';
  /** nodemailer, loaded with the first e-mail (docs/decisions/0077). */
  private transport: Promise<Transporter> | undefined;

  constructor(private readonly url: string, private readonly from: string) {}

  private connected(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: this.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    );
    this.transport.catch(() => (this.transport = undefined));
    return this.transport;
  }

  async send(mail: Mail): Promise<Receipt> {
    try {
      const transport = await this.connected();
      const info = (await transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text })) as { messageId?: string };
      return { providerId: info.messageId ?? null };
    } catch (error) {
      // 5xx: the server refuses this message for good (no such mailbox, policy); anything else may pass later.
      const responseCode = (error as { responseCode?: number }).responseCode;
      if (responseCode !== undefined && responseCode >= 500) throw new PermanentJobError((error as Error).message, { cause: error });
      throw error;
    }
  }

  close(): void {
    void this.transport?.then((transport) => transport.close(), () => undefined);
  }
}

/** The drivers the configuration names. */
export function messageDrivers(config: MessagesConfig, logger: DriverLogger): { sms: SmsDriver; mail: MailDriver } {
  const sms =
    config.SMS_PROVIDER === 'aliyun'
      ? new AliyunSmsDriver({
          accessKeyId: config.ALIYUN_ACCESS_KEY_ID!,
          accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET!,
          signName: config.ALIYUN_SMS_SIGN_NAME!,
          templateCodes: {
            verification_code: config.ALIYUN_SMS_TEMPLATE_VERIFICATION_CODE!,
            application_status: config.ALIYUN_SMS_TEMPLATE_APPLICATION_STATUS!,
            quote_status: config.ALIYUN_SMS_TEMPLATE_QUOTE_STATUS!,
            sales_order_status: config.ALIYUN_SMS_TEMPLATE_SALES_ORDER_STATUS!,
            staff_new_work: config.ALIYUN_SMS_TEMPLATE_STAFF_NEW_WORK!,
            change_notice: config.ALIYUN_SMS_TEMPLATE_CHANGE_NOTICE!,
          },
          endpoint: config.ALIYUN_SMS_ENDPOINT,
        })
      : new LogSmsDriver(logger);
  const mail = config.SMTP_URL === 'log' ? new LogMailDriver(logger) : new SmtpMailDriver(config.SMTP_URL, config.MAIL_FROM!);
  return { sms, mail };
}
