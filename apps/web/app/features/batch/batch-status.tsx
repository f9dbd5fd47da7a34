import type { BatchState } from '@fuliaotong/contracts';
import { batchStateLabels, type BatchStateName } from '@fuliaotong/contracts/constants';
import { Tag } from 'antd';

const stateColors: Record<BatchStateName, string> = {
  pending: 'processing',
  released: 'success',
  rejected: 'error',
  expired: 'warning',
};

/** A batch's state as a coloured tag (放行, 拒收 …), in the list and in the drawer. */
export function BatchStatusTag({ status }: { status: BatchState }) {
  return (
    <Tag color={stateColors[status]} data-status={status}>
      {batchStateLabels[status]}
    </Tag>
  );
}
