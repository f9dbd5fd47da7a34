import { UploadOutlined } from '@ant-design/icons';
import type { Order, PaymentMethod, PayResponse } from '@fuliaotong/contracts';
import { formatFen, paymentMethodLabels } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, QRCode, Radio, Upload } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { LoadState } from '../../components/load-state';
import { paymentMethodsQuery, usePay, useRefreshOrder, useUploadSlip } from './order-api';
import { toast } from '../../components/toast';

type BankAnswer = Extract<PayResponse, { method: 'bank' }>;

function BankTransfer({ order, answer }: { order: Order; answer: BankAnswer }) {
  const upload = useUploadSlip();
  return (
    <section className="payment-bank" aria-label="对公转账">
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: '户名', children: answer.accountName },
          { key: 'bank', label: '开户行', children: answer.bankName },
          { key: 'number', label: '账号', children: <span className="payment-bank__number">{answer.accountNumber}</span> },
          { key: 'amount', label: '金额', children: <strong>{formatFen(answer.amountFen)}</strong> },
          { key: 'code', label: '汇款备注码', children: <strong className="payment-bank__code">{answer.remittanceCode}</strong> },
          { key: 'deadline', label: '到账期限', children: dayjs(answer.deadline).format('YYYY-MM-DD HH:mm') },
        ]}
      />
      <p className="payment-hint">请按上面的金额汇款，并在附言（用途）中填写汇款备注码；财务确认到账后立即开通。上传汇款凭证可加快确认。</p>
      <Upload
        accept="image/png,image/jpeg,image/webp,application/pdf"
        showUploadList={false}
        customRequest={({ file }) =>
          upload.mutate(
            { id: order.id, file: file as File },
            {
              onSuccess: () => toast.success('汇款凭证已上传，等待财务确认'),
              onError: (error) => toast.error(errorMessage(error, '上传失败，请稍后重试')),
            },
          )
        }
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
          {order.slipUploaded ? '重新上传汇款凭证' : '上传汇款凭证'}
        </Button>
      </Upload>
    </section>
  );
}

/** Choosing how to pay an unpaid order, and paying: a QR code, the way to 支付宝, or the account to transfer to. */
export function PaymentPanel({ order }: { order: Order }) {
  const methods = useQuery(paymentMethodsQuery());
  const pay = usePay();
  const refresh = useRefreshOrder();
  const [method, setMethod] = useState<PaymentMethod | undefined>(order.method ?? undefined);
  const [answer, setAnswer] = useState<PayResponse | undefined>();

  const start = (chosen: PaymentMethod) =>
    pay.mutate(
      { id: order.id, method: chosen },
      {
        onSuccess: (next) => {
          if (next.method === 'alipay') window.location.assign(next.payUrl);
          else setAnswer(next);
        },
        onError: (error) => toast.error(errorMessage(error, '发起支付失败，请稍后重试')),
      },
    );

  // A bank transfer chosen before: its account and code are shown again at once.
  useEffect(() => {
    if (order.method === 'bank' && !answer && !pay.isPending) start('bank');
    // Once, when the page opens on such an order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const checkPaid = () =>
    refresh.mutate(order.id, {
      onSuccess: (next) => {
        if (next.status !== 'paid') toast.info('暂未查询到付款，请完成支付后再试；到账后本页会自动更新');
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <LoadState query={methods} errorTitle="支付方式加载失败" rows={3}>
      {(data) => (
        <section className="payment-panel" aria-label="选择支付方式">
          {data.sandbox ? (
            <Alert
              className="payment-sandbox"
              type="warning"
              showIcon
              title="沙箱支付（测试）"
              description="本站的在线支付处于沙箱模式：不会产生真实扣款，支付结果由沙箱按真实支付平台的格式签名通知。"
            />
          ) : null}
          <h2 className="panel__title">选择支付方式</h2>
          <Radio.Group
            className="payment-methods"
            value={method}
            onChange={(event) => {
              setMethod(event.target.value as PaymentMethod);
              setAnswer(undefined);
            }}
          >
            {data.items.map((item) => (
              <Radio key={item.method} value={item.method} disabled={!item.available} className="payment-method">
                <span className="payment-method__name">{paymentMethodLabels[item.method]}</span>
                <span className="payment-method__note">{item.note}</span>
              </Radio>
            ))}
          </Radio.Group>
          {method && !answer ? (
            <Button type="primary" size="large" className="payment-go" loading={pay.isPending} onClick={() => start(method)}>
              {method === 'alipay' ? '前往支付宝付款' : method === 'bank' ? '查看收款账户' : '显示付款二维码'}
            </Button>
          ) : null}
          {answer?.method === 'wechat' ? (
            <div className="payment-qr">
              <QRCode value={answer.codeUrl} size={200} bordered={false} />
              <p className="payment-hint">打开微信“扫一扫”，扫描二维码付款 {formatFen(order.amountFen)}；付款后本页自动更新。</p>
              {answer.sandbox ? (
                <a className="payment-sandbox-link" href={new URL(answer.codeUrl).pathname} target="_blank" rel="noreferrer">
                  在沙箱中模拟扫码付款
                </a>
              ) : null}
            </div>
          ) : null}
          {answer?.method === 'bank' ? <BankTransfer order={order} answer={answer} /> : null}
          {answer && answer.method !== 'bank' ? (
            <Button className="payment-check" onClick={checkPaid} loading={refresh.isPending}>
              我已完成付款
            </Button>
          ) : null}
        </section>
      )}
    </LoadState>
  );
}
