import type { CompanyInvitationState, CompanyState } from '@fuliaotong/contracts';
import { companyInvitationStateLabels, companyStateLabels } from '@fuliaotong/contracts/constants';
import { Tag } from 'antd';

const stateColors: Record<CompanyState, string> = { pending: 'orange', verified: 'green', rejected: 'red' };
const invitationColors: Record<CompanyInvitationState, string> = { pending: 'blue', accepted: 'green', declined: 'default', expired: 'default' };

/** 待认证 / 已认证 / 未通过. */
export function CompanyStatusTag({ status }: { status: CompanyState }) {
  return <Tag color={stateColors[status]}>{companyStateLabels[status]}</Tag>;
}

/** 待接受 / 已接受 / 已拒绝 / 已过期. */
export function InvitationStatusTag({ status }: { status: CompanyInvitationState }) {
  return <Tag color={invitationColors[status]}>{companyInvitationStateLabels[status]}</Tag>;
}
