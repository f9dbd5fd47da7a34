import { APPLICATION_STATUSES, applicationStatusLabels } from '@fuliaotong/contracts/constants';
import type { ApplicationStatus, ApplicationEvent } from '@fuliaotong/contracts';
import { Tag } from 'antd';

/** Tag colours of the statuses: waiting (gold), moving on (blue, cyan), done (green), stopped (red, grey). */
export const applicationStatusColors: Record<ApplicationStatus, string> = {
  submitted: 'gold',
  approved: 'blue',
  shipped: 'cyan',
  delivered: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

/** Every status, in the order of the workflow (the order of the filter tabs). */
export const applicationStatuses: readonly ApplicationStatus[] = APPLICATION_STATUSES;

export function ApplicationStatusTag({ status }: { status: ApplicationStatus }) {
  return (
    <Tag color={applicationStatusColors[status]} className="app-status" data-status={status}>
      {applicationStatusLabels[status]}
    </Tag>
  );
}

/** What each event of the history says. */
export const applicationEventLabels: Record<ApplicationEvent['action'], string> = {
  submit: '提交申请',
  update: '修改申请',
  approve: '审核通过',
  reject: '驳回申请',
  ship: '样品已发货',
  deliver: '确认签收',
  withdraw: '撤回申请',
};
