import { StatusTag } from '../../components/status-tag';

/** A registration's review result: A (approved for use in marketed products) or I (not yet). */
export function ReviewStatusTag({ status }: { status: 'A' | 'I' }) {
  return <StatusTag color={status === 'A' ? 'green' : 'orange'}>{status}</StatusTag>;
}
