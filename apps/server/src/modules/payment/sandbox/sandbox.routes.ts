import { formatFen } from '@fuliaotong/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { newNonce, pageSecurityPolicy } from '../../../http/security-headers.js';
import type { SandboxOrderRow } from './sandbox.repository.js';
import type { SandboxGateway } from './sandbox-gateway.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const statusNames = { NOTPAY: '待支付', SUCCESS: '已支付', CLOSED: '已关闭' } as const;

/** A page of the stand-in: plain HTML, its one style element under the response's nonce. */
function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const nonce = newNonce();
  return reply
    .code(status)
    .header('content-security-policy', pageSecurityPolicy({ trust: { nonce }, https: false }))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style nonce="${nonce}">
body{margin:0;font:15px/1.7 system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f5f8;color:#1f2d3d}
main{max-width:420px;margin:24px auto;padding:24px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
.sandbox{margin:0 0 16px;padding:8px 12px;border:1px solid #ffd591;background:#fff7e6;color:#ad4e00;border-radius:6px}
h1{font-size:20px;margin:0 0 12px}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 16px}dt{color:#5b6b7c}dd{margin:0;word-break:break-all}
.amount{font-size:28px;font-weight:600;color:#0b3d62}
button{width:100%;padding:12px;font-size:16px;border:0;border-radius:6px;background:#1677ff;color:#fff;cursor:pointer}
.wechat button{background:#07c160}.done{color:#389e0d;font-weight:600}.error{color:#cf1322}
</style></head><body><main>
<p class="sandbox" role="note">沙箱支付（测试）：不会产生真实扣款。确认后，沙箱按真实支付平台的格式签名并发送支付结果通知。</p>
${body}
</main></body></html>`);
}

function orderFacts(order: SandboxOrderRow): string {
  return `<dl>
<dt>商品</dt><dd>${escape(order.subject)}</dd>
<dt>商户订单号</dt><dd>${escape(order.outTradeNo)}</dd>
<dt>状态</dt><dd>${statusNames[order.status]}</dd>
</dl>
<p class="amount">${formatFen(order.amountFen)}</p>`;
}

function payForm(order: SandboxOrderRow, action: string): string {
  if (order.status === 'SUCCESS') return '<p class="done">该订单已支付。请返回商户页面查看。</p>';
  if (order.status === 'CLOSED') return '<p class="error">该订单已关闭，不能支付。</p>';
  return `<form method="post" action="${escape(action)}"><button type="submit">确认支付 ${formatFen(order.amountFen)}</button></form>`;
}

/** The buyer's pages of the payment sandbox (/sandbox-pay/…): what the gateways' cashiers show. */
export const sandboxPages: FastifyPluginAsync<{ sandbox: SandboxGateway }> = async (app, { sandbox }) => {
  app.get<{ Params: { token: string } }>('/sandbox-pay/wechat/:token', async (request, reply) => {
    const order = await sandbox.order(request.params.token);
    if (!order || order.provider !== 'wechat') return page(reply, 404, '订单不存在', '<p class="error">订单不存在：二维码可能已失效。</p>');
    return page(reply, 200, '微信支付（沙箱）', `<div class="wechat"><h1>微信支付（沙箱）</h1>${orderFacts(order)}${payForm(order, `/sandbox-pay/wechat/${order.token}/pay`)}</div>`);
  });

  app.post<{ Params: { token: string } }>('/sandbox-pay/wechat/:token/pay', async (request, reply) => {
    const result = await sandbox.pay(request.params.token);
    if ('error' in result) return page(reply, 409, '支付失败', `<p class="error">${escape(result.error)}</p>`);
    return page(
      reply,
      200,
      '支付成功',
      `<div class="wechat"><h1>支付成功</h1>${orderFacts(result.order)}<p class="done">已支付。请返回商户页面，页面会自动更新。</p></div>`,
    );
  });

  app.get('/sandbox-pay/alipay/gateway.do', async (request, reply) => {
    const result = await sandbox.alipayCashier(request.query as Record<string, string>);
    if ('error' in result) return page(reply, 400, '支付宝（沙箱）', `<p class="error">${escape(result.error)}</p>`);
    const { order } = result;
    return page(reply, 200, '支付宝收银台（沙箱）', `<h1>支付宝收银台（沙箱）</h1>${orderFacts(order)}${payForm(order, `/sandbox-pay/alipay/pay/${order.token}`)}`);
  });

  app.post<{ Params: { token: string } }>('/sandbox-pay/alipay/pay/:token', async (request, reply) => {
    const result = await sandbox.pay(request.params.token);
    if ('error' in result) return page(reply, 409, '支付失败', `<p class="error">${escape(result.error)}</p>`);
    // 支付宝 sends the buyer back to the merchant's return address (the merchant asks the gateway, not the URL).
    if (result.order.returnUrl) return reply.redirect(result.order.returnUrl, 303);
    return page(reply, 200, '支付成功', `<h1>支付成功</h1>${orderFacts(result.order)}`);
  });
};
