import type { SalesOrderState } from '@fuliaotong/contracts';
import { salesOrderStateLabels } from '@fuliaotong/contracts/constants';
import { Tag } from 'antd';

/** Tag colours: waiting for the sales staff (gold), for the transfer (blue), under way (cyan, geekblue), done (green), stopped (grey). */
const stateColors: Record<SalesOrderState, string> = {
  contract: 'gold',
  signed: 'blue',
  paid: 'cyan',
  shipped: 'geekblue',
  completed: 'green',
  cancelled: 'default',
};

/** 待签合同 / 已签合同 / 已付款 / 已发货 / 已完成 / 已取消. */
export function SalesOrderStatusTag({ status }: { status: SalesOrderState }) {
  return (
    <Tag color={stateColors[status]} className="sales-order-status" data-status={status}>
      {salesOrderStateLabels[status]}
    </Tag>
  );
}

/** 危险化学品, on a line whose product travels under dangerous goods terms. */
export function HazardTag() {
  return (
    <Tag color="red" className="sales-order-hazard">
      危险化学品
    </Tag>
  );
}
