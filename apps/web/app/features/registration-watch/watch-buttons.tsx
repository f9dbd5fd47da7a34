import { BellFilled, BellOutlined } from '@ant-design/icons';
import type { RegistrationDetail, RegistrationWatchBody } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useState } from 'react';
import { ToggleButton } from '../../components/toggle-button';
import { goToLogin, useCurrentUser } from '../session/session';
import { useToggleRegistrationWatch } from './registration-watch-api';
import { toast } from '../../components/toast';

const WATCH_HINTS: Record<RegistrationWatchBody['scope'], string> = {
  registration: '与制剂共同审评审批结果、更新日期或企业名称变化时，站内通知您',
  product: '该品种有新的登记，或其任一登记的与制剂共同审评审批结果、更新日期或企业名称变化时，站内通知您',
};

function WatchButton({
  body,
  watchId,
  label,
}: {
  body: RegistrationWatchBody;
  watchId: number | null;
  label: { off: string; on: string };
}) {
  const user = useCurrentUser();
  const [current, setCurrent] = useState<number | null | undefined>(undefined);
  const id = current === undefined ? watchId : current;
  const toggle = useToggleRegistrationWatch(body);
  const onClick = () =>
    toggle.mutate(id, {
      onSuccess: (next) => {
        setCurrent(next);
        toast.success(next ? '已关注：有变更时会通知您' : '已取消关注');
      },
      onError: (error) => toast.error(errorMessage(error, '操作失败，请稍后再试')),
    });
  const watching = user !== null && id !== null;
  return (
    <ToggleButton
      pressed={watching}
      busy={toggle.isPending}
      title={WATCH_HINTS[body.scope]}
      icon={watching ? <BellFilled aria-hidden style={{ color: '#d48806' }} /> : <BellOutlined aria-hidden />}
      onClick={() => (user ? onClick() : goToLogin())}
    >
      {watching ? label.on : label.off}
    </ToggleButton>
  );
}

/** 关注此登记 / 关注该品种: notices when the CDE changes the record, or any record of its product. */
export function RegistrationWatchButtons({ record }: { record: RegistrationDetail }) {
  return (
    <>
      <WatchButton
        body={{ scope: 'registration', registrationId: record.id }}
        watchId={record.watch.registration}
        label={{ off: '关注此登记', on: '已关注此登记' }}
      />
      <WatchButton
        body={{ scope: 'product', name: record.name }}
        watchId={record.watch.product}
        label={{ off: '关注该品种', on: '已关注该品种' }}
      />
    </>
  );
}
