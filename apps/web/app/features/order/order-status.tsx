import type { OrderStatus } from '@fuliaotong/contracts';
import { orderStatusLabels } from '@fuliaotong/contracts/constants';
import { Tag } from 'antd';

const colors: Record<OrderStatus, string> = {
  pending: 'orange',
  confirming: 'blue',
  paid: 'green',
  refunded: 'purple',
  cancelled: 'default',
  closed: 'default',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={colors[status]}>{orderStatusLabels[status]}</Tag>;
}
