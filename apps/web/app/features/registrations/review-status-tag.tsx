import { Tag } from 'antd';

export function ReviewStatusTag({ status }: { status: 'A' | 'I' }) {
  return <Tag color={status === 'A' ? 'green' : 'orange'}>{status}</Tag>;
}
