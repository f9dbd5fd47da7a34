import type { AdminSalesOrder } from '@fuliaotong/contracts';
import { SHIPMENT_BATCHES_MAX, formatFen } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { AutoComplete, Button, DatePicker, Form, Input, InputNumber, Select, type FormRule } from 'antd';
import { useConfirm } from '../../components/confirm';
import { useState } from 'react';
import { toast } from '../../components/toast';
import { schemaCheck, schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { useCurrentUser } from '../session/session';
import { CancelModal } from './sales-order-actions';
import {
  useConfirmSalesOrderTransfer,
  useShipSalesOrder,
  useSignSalesOrder,
  useStaffCancelSalesOrder,
  useStaffReceiveSalesOrder,
} from './sales-order-api';
import {
  afterToday,
  batchFieldLabel,
  contractForm,
  contractPrefill,
  deskNextStep,
  shipForm,
  shipPrefill,
  staffSteps,
  transferForm,
  transferPrefill,
  type ContractValues,
  type ShipValues,
  type TransferValues,
} from './sales-order-rules';
import './sales-order.css';

/* The desk's steps on an order, each for its role: sales 登记合同, 发货, 代确认签收, 取消; finance 确认到账. */

/** Carriers of goods (快运 and 物流 as well as express); any other can be typed. */
const CARRIERS = ['顺丰速运', '顺丰快运', '京东物流', '德邦快递', '中通快运', '安能物流', '跨越速运', '中国邮政 EMS'];

const contractRule = (name: 'contractNumber' | 'signedOn') => schemaRule((s) => s.SalesOrderContractBody.shape[name]);

/** 登记合同 (sales): the contract's number and the day it was signed (today unless changed, never later). */
function ContractStep({ order }: { order: AdminSalesOrder }) {
  const { form, onFinish, formError, pending } = useMutationForm(useSignSalesOrder(order.id), {
    ...contractForm,
    success: '合同已登记，已通知买方按汇款备注码转账',
  });
  return (
    <section className="sales-order-step" aria-labelledby="step-contract">
      <h4 id="step-contract">登记合同</h4>
      <FormError className="form-alert" message={formError} />
      <Form<ContractValues> form={form} name="sales-order-contract" layout="vertical" onFinish={onFinish} initialValues={contractPrefill()} aria-label="登记合同">
        <div className="sales-order-step__grid">
          <Form.Item
            name="contractNumber"
            label="合同编号"
            rules={[{ required: true, whitespace: true, message: '请填写合同编号' }, contractRule('contractNumber')]}
          >
            <Input maxLength={40} placeholder="如：HT-2026-0158" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="signedOn"
            label="签订日期"
            rules={[
              { required: true, message: '请选择签订日期' },
              {
                validator: async (_, day: ContractValues['signedOn']) => {
                  if (day && afterToday(day)) throw new Error('签订日期不能晚于今天');
                },
              },
            ]}
          >
            <DatePicker className="sales-order-step__field" disabledDate={(day) => afterToday(day)} allowClear={false} />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={pending}>
          登记合同
        </Button>
      </Form>
    </section>
  );
}

/** 确认到账 (finance): the amount, prefilled with the order's total (it must equal it), and the bank's reference. */
function TransferStep({ order }: { order: AdminSalesOrder }) {
  const { form, onFinish, formError, pending } = useMutationForm(useConfirmSalesOrderTransfer(order.id), {
    ...transferForm,
    success: '已确认到账，已通知买方和销售',
  });
  return (
    <section className="sales-order-step" aria-labelledby="step-transfer">
      <h4 id="step-transfer">确认对公转账到账</h4>
      <FormError className="form-alert" message={formError} />
      <Form<TransferValues> form={form} name="sales-order-transfer" layout="vertical" onFinish={onFinish} initialValues={transferPrefill(order)} aria-label="确认到账">
        <div className="sales-order-step__grid">
          <Form.Item
            name="amountYuan"
            label="到账金额（元）"
            extra={`须与订单合计 ${formatFen(order.totalFen)} 一致；汇款备注码 ${order.payment.remittanceCode}`}
            rules={[{ required: true, message: '请填写到账金额' }]}
          >
            <InputNumber min={0.01} precision={2} step={100} controls={false} inputMode="decimal" className="sales-order-step__field" />
          </Form.Item>
          <Form.Item
            name="reference"
            label="银行流水号"
            rules={[{ required: true, whitespace: true, message: '请填写银行流水号' }, schemaRule((s) => s.ConfirmTransferBody.shape.reference)]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={pending}>
          确认到账
        </Button>
      </Form>
    </section>
  );
}

const checkBatchNumbers = schemaCheck<string[]>((s) => s.SalesOrderShipBody.shape.lines.element.shape.batchNumbers, '批号格式不正确');
/** A line's batch numbers as the server checks them (none at all is `required`'s to say). */
const batchesRule: FormRule = {
  validator: async (_, value: string[] | undefined) => {
    if (!value || value.length === 0) return;
    await checkBatchNumbers(value);
  },
};

/** 发货 (sales): carrier, tracking number, and for every line its batch numbers (typed, Enter after each). */
function ShipStep({ order }: { order: AdminSalesOrder }) {
  const { form, onFinish, formError, pending } = useMutationForm(useShipSalesOrder(order.id), {
    ...shipForm(order),
    success: '已发货，已通知买方',
  });
  return (
    <section className="sales-order-step" aria-labelledby="step-ship">
      <h4 id="step-ship">发货</h4>
      <FormError className="form-alert" message={formError} />
      <Form<ShipValues> form={form} name="sales-order-ship" layout="vertical" onFinish={onFinish} initialValues={shipPrefill(order)} aria-label="发货">
        <div className="sales-order-step__grid">
          <Form.Item
            name="carrier"
            label="承运商"
            rules={[{ required: true, whitespace: true, message: '请填写承运商' }, schemaRule((s) => s.SalesOrderShipBody.shape.carrier)]}
          >
            <AutoComplete
              options={CARRIERS.map((value) => ({ value }))}
              placeholder="选择或输入承运商"
              filterOption={(input, option) => (option?.value ?? '').includes(input)}
            />
          </Form.Item>
          <Form.Item
            name="trackingNumber"
            label="运单号"
            normalize={(value: string) => value.replace(/\s+/g, '')}
            rules={[{ required: true, message: '请填写运单号' }, schemaRule((s) => s.SalesOrderShipBody.shape.trackingNumber)]}
          >
            <Input maxLength={40} autoComplete="off" placeholder="如：SF1234567890123" />
          </Form.Item>
        </div>
        <p className="staff-desk__muted small">每个产品的批号（与标签和 COA 一致），输入后按回车添加，每个产品最多 {SHIPMENT_BATCHES_MAX} 个。</p>
        {order.lines.map((line) => {
          const label = batchFieldLabel(line, order.lines);
          return (
            <fieldset key={line.id} className="sales-order-step__line">
              <legend>
                {line.productName} · {line.spec}
              </legend>
              <Form.Item
                name={['batches', String(line.id)]}
                label="批号"
                rules={[{ required: true, type: 'array', min: 1, message: '请填写该产品的批号' }, batchesRule]}
              >
                <Select
                  mode="tags"
                  open={false}
                  suffixIcon={null}
                  tokenSeparators={[',', '，', ' ']}
                  aria-label={label}
                  placeholder="如：MCC261101"
                  maxCount={SHIPMENT_BATCHES_MAX}
                />
              </Form.Item>
            </fieldset>
          );
        })}
        <Button type="primary" htmlType="submit" loading={pending}>
          确认发货
        </Button>
      </Form>
    </section>
  );
}

/** 代确认签收 and 取消订单 (sales), each asked once more. */
function SalesButtons({ order, receive, cancel }: { order: AdminSalesOrder; receive: boolean; cancel: boolean }) {
  const [confirm, confirmHolder] = useConfirm();
  const received = useStaffReceiveSalesOrder(order.id);
  const cancelled = useStaffCancelSalesOrder(order.id);
  const [cancelling, setCancelling] = useState(false);
  const confirmReceipt = () =>
    confirm({
      title: '代买方确认签收？',
      content: `请在买方确认收到销售订单 ${order.number} 的货物后（电话确认、签收的运单）再登记。${order.payment.paidAt ? '货款已到账，登记后订单完成。' : '货款尚未到账，到账后订单完成。'}`,
      okText: '代确认签收',
      cancelText: '取消',
      onOk: () =>
        received.mutateAsync().then(
          () => toast.success('已代买方确认签收'),
          (error: unknown) => toast.error(errorMessage(error, '登记失败，请稍后重试')),
        ),
    });
  return (
    <div className="sales-order-step__buttons sales-order-next">
      {receive ? (
        <Button onClick={confirmReceipt} loading={received.isPending}>
          代确认签收
        </Button>
      ) : null}
      {cancel ? (
        <Button danger onClick={() => setCancelling(true)}>
          取消订单
        </Button>
      ) : null}
      {cancelling ? <CancelModal order={order} mutation={cancelled} success="订单已取消，已通知买方" onClose={() => setCancelling(false)} /> : null}
      {confirmHolder}
    </div>
  );
}

/**
 * The steps the signed-in member of the staff may take on the order now (sales or finance), and whose
 * turn it is otherwise (an administrator reads the desk). The server decides again on every call.
 */
export function DeskSteps({ order }: { order: AdminSalesOrder }) {
  const user = useCurrentUser();
  const steps = staffSteps(order, user?.roles ?? []);
  const next = deskNextStep(order);
  return (
    <>
      {next ? <p className="sales-order-next">下一步：{next}</p> : null}
      {steps.contract ? <ContractStep order={order} /> : null}
      {steps.confirm ? <TransferStep order={order} /> : null}
      {steps.ship ? <ShipStep order={order} /> : null}
      {steps.receive || steps.cancel ? <SalesButtons order={order} receive={steps.receive} cancel={steps.cancel} /> : null}
    </>
  );
}
