import { ArrowLeftOutlined } from '@ant-design/icons';
import { applicationStatusLabels, paths } from '@fuliaotong/contracts/constants';
import type { AdminApplication } from '@fuliaotong/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadState } from '../../components/load-state';
import { RefreshButton } from '../../components/refresh-button';
import { adminApplicationQuery } from './application-api';
import { allowedActions } from './application-rules';
import { ApplicationSheet } from './application-sheet';
import { StaffActionModal, staffActionText, type StaffAction } from './staff-action-modal';
import { useDeskWrites } from '../staff/desk-access';
import { useDeskQuery } from '../staff/desk/desk-query';

function ActionBar({ application, onAction }: { application: AdminApplication; onAction: (action: StaffAction) => void }) {
  const { canWrite } = useDeskWrites();
  const actions = allowedActions(application.status, 'staff') as StaffAction[];
  if (!canWrite) return null;
  if (actions.length === 0) {
    return <div className="admin-actions admin-actions--done">该申请{applicationStatusLabels[application.status]}，无需处理。</div>;
  }
  return (
    <div className="admin-actions" role="group" aria-label="审核操作">
      <span className="admin-actions__label">可执行：</span>
      {actions.map((action) => (
        <Button
          key={action}
          type={action === 'reject' ? 'default' : 'primary'}
          danger={action === 'reject'}
          onClick={() => onAction(action)}
        >
          {staffActionText[action].button}
        </Button>
      ))}
    </div>
  );
}

/** One application on the staff desk (`?id=`): the way back to the list, the actions its state allows and the sheet. */
export function ApplicationDetail({ id, forbidden }: { id: number; forbidden: ReactNode }) {
  const { searchParams } = useDeskQuery();
  const application = useQuery(adminApplicationQuery(id));
  const [action, setAction] = useState<StaffAction | null>(null);
  const back = new URLSearchParams(searchParams);
  back.delete('id');
  const backHref = back.toString() ? `${paths.adminApplications}?${back}` : paths.adminApplications;

  return (
    <div className="admin-page admin-detail">
      <div className="admin-detail__back">
        <Link to={backHref}>
          <ArrowLeftOutlined aria-hidden /> 返回申请列表
        </Link>
      </div>
      <LoadState
        query={application}
        errorTitle="加载失败"
        rows={10}
        panel
        onError={{
          forbidden,
          not_found: (
            <Result
              status="warning"
              title="没有找到这份申请"
              subTitle={`编号为 ${id} 的申请不存在。`}
              extra={
                <Link to={backHref}>
                  <Button type="primary">返回申请列表</Button>
                </Link>
              }
            />
          ),
        }}
      >
        {(data) => (
          <>
            <ActionBar application={data} onAction={setAction} />
            <section className="panel">
              <ApplicationSheet
                application={data}
                title={<h1 className="app-sheet__title">申请详情</h1>}
                headExtra={<RefreshButton className="no-print" query={application} />}
              />
            </section>
            <StaffActionModal application={data} action={action} onClose={() => setAction(null)} />
          </>
        )}
      </LoadState>
    </div>
  );
}
