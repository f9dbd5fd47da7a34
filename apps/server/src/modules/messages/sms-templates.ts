import { CODE_TTL_SECONDS } from '@fuliaotong/contracts';
import { z } from 'zod';
import type { SmsTemplate } from './message.service.js';

/** The site's name as every SMS is signed (the approved 签名 of the SMS provider). */
export const SMS_SIGNATURE = '辅料通';

interface TemplateDefinition {
  /** Checks the parameters (the template's variables); throws when they do not fit. */
  check(params: Record<string, string>): void;
  /** The text as the recipient reads it. */
  render(params: Record<string, string>): string;
}

function template<S extends z.ZodType<Record<string, string>>>(params: S, render: (params: z.infer<S>) => string): TemplateDefinition {
  return {
    check: (raw) => void params.parse(raw),
    render: (raw) => render(params.parse(raw)),
  };
}

/**
 * The kinds of SMS the site sends. Each is a template approved with the provider (its code comes
 * from the configuration, ALIYUN_SMS_TEMPLATE_*) whose variables are the message's `params`; the
 * rendered text is what the `log` driver writes and the outbox keeps. Keep the texts identical to
 * the templates approved with the provider.
 */
export const smsTemplates: Record<SmsTemplate, TemplateDefinition> = {
  verification_code: template(
    z.object({ code: z.string().regex(/^\d{4,8}$/, 'a code of 4 to 8 digits') }).strict(),
    ({ code }) => `【${SMS_SIGNATURE}】您的验证码为 ${code}，${CODE_TTL_SECONDS / 60} 分钟内有效。请勿告诉他人；如非本人操作，请忽略本短信。`,
  ),
  application_status: template(
    z.object({ number: z.string().min(1).max(32), status: z.string().min(1).max(20) }).strict(),
    ({ number, status }) => `【${SMS_SIGNATURE}】您的样品申请 ${number} 状态已更新为「${status}」，详情请登录辅料通“我的申请”查看。`,
  ),
  quote_status: template(
    z.object({ number: z.string().min(1).max(32), status: z.string().min(1).max(30) }).strict(),
    ({ number, status }) => `【${SMS_SIGNATURE}】您的询价单 ${number} 有新进展：${status}，详情请登录辅料通“我的询价”查看。`,
  ),
  sales_order_status: template(
    z.object({ number: z.string().min(1).max(32), status: z.string().min(1).max(30) }).strict(),
    ({ number, status }) => `【${SMS_SIGNATURE}】您的销售订单 ${number} 有新进展：${status}，详情请登录辅料通“销售订单”查看。`,
  ),
  change_notice: template(
    z.object({ product: z.string().min(1).max(30), number: z.string().min(1).max(32), status: z.string().min(1).max(20) }).strict(),
    ({ product, number, status }) => `【${SMS_SIGNATURE}】${product} 变更通知 ${number}：${status}，详情请登录辅料通“变更通知”查看并确认已阅。`,
  ),
  staff_new_work: template(
    z.object({ kind: z.string().min(1).max(20), number: z.string().min(1).max(32) }).strict(),
    ({ kind, number }) => `【${SMS_SIGNATURE}】有新的${kind}待处理：${number}，请登录辅料通工作台查看。`,
  ),
};

export const SMS_TEMPLATES = Object.keys(smsTemplates) as SmsTemplate[];

export function renderSms(name: SmsTemplate, params: Record<string, string>): string {
  return smsTemplates[name].render(params);
}
