import { applicationStatusLabels } from '@fuliaotong/contracts/constants';
import { FilePdfOutlined } from '@ant-design/icons';
import type { AdminApplication, ApplicationEvent, ApplicationItem, SampleApplication } from '@fuliaotong/contracts';
import { Alert, Button, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { applicationStatusColors, applicationEventLabels, ApplicationStatusTag } from './application-status';
import { downloadCoa, useFormLabels } from './application-api';

export const formatTime = (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm');
export const formatDate = (at: string) => dayjs(at).format('YYYY-MM-DD');

/** The address on one line: province city district street. */
export function addressLine(address: SampleApplication['address']): string {
  return [...address.regionNames, address.street].filter(Boolean).join(' ');
}

/** Saves the batch's COA of a shipped item (fetched with the session's token). */
function CoaDownload({ viewer, applicationId, item }: { viewer: 'member' | 'staff'; applicationId: number; item: ApplicationItem }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      type="link"
      size="small"
      className="no-print"
      icon={<FilePdfOutlined aria-hidden />}
      loading={pending}
      aria-label={`下载 ${item.nameZh} 批号 ${item.batchNumber ?? ''} 的 COA`}
      onClick={() => {
        setPending(true);
        void downloadCoa(viewer, applicationId, item).finally(() => setPending(false));
      }}
    >
      COA
    </Button>
  );
}

/** Carrier and tracking number, when the samples have been sent. */
export function Shipment({ carrier, trackingNumber }: { carrier: string | null; trackingNumber: string | null }) {
  if (!trackingNumber) return null;
  return (
    <span className="app-shipment">
      {carrier ? <span className="app-shipment__carrier">{carrier}</span> : null}
      <span className="app-shipment__number">{trackingNumber}</span>
    </span>
  );
}

const eventColors: Partial<Record<ApplicationEvent['action'], string>> = {
  submit: 'blue',
  update: 'blue',
  approve: 'blue',
  reject: 'red',
  ship: 'cyan',
  deliver: 'green',
  withdraw: 'gray',
};

const STAFF_NAME = '辅料通工作人员';

/** Who made an event: members see the staff as 辅料通工作人员, staff see their colleague's name. */
function actorText(event: ApplicationEvent, staffView: boolean): string {
  if (event.actorRole === 'member') return `申请人：${event.actorName}`;
  if (!staffView || event.actorName === STAFF_NAME) return STAFF_NAME;
  return `工作人员：${event.actorName}`;
}

/** The history of an application, oldest first: what happened, who did it, when, and the note. */
export function ApplicationHistory({ events, staffView = false }: { events: ApplicationEvent[]; staffView?: boolean }) {
  if (events.length === 0) return <p className="muted">暂无处理记录</p>;
  return (
    <Timeline
      className="app-history"
      items={events.map((event) => ({
        key: event.id,
        color: eventColors[event.action] ?? applicationStatusColors[event.status],
        content: (
          <div className="app-history__item" data-action={event.action}>
            <div className="app-history__head">
              <strong className="app-history__action">{applicationEventLabels[event.action]}</strong>
              <span className="app-history__status">→ {applicationStatusLabels[event.status]}</span>
            </div>
            <div className="app-history__meta">
              <span>{actorText(event, staffView)}</span>
              <time dateTime={event.at}>{formatTime(event.at)}</time>
            </div>
            {event.note ? (
              <div className="app-history__note">
                {event.action === 'reject' ? '驳回原因：' : event.action === 'ship' ? '物流信息：' : '备注：'}
                {event.note}
              </div>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <section className="app-sheet__section">
      <div className="app-sheet__section-head">
        <h2 className="app-sheet__section-title">{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

const text = (value: string) => (value.trim() ? value : <span className="muted">—</span>);

/** The applicant as the staff see them: name and account; an account deleted since has only its label. */
function applicantLabel(applicant: { name: string; account: string }): string {
  if (applicant.name && applicant.name === applicant.account) return applicant.name;
  return `${applicant.name || '未填写姓名'}（${applicant.account}）`;
}

/**
 * The application sheet (申请单): who applies and why, where the samples go, which samples, and what
 * has happened to the application. The member's printable page and the staff detail both show it.
 */
export function ApplicationSheet({
  application,
  title,
  headExtra,
}: {
  application: SampleApplication | AdminApplication;
  /** The sheet's heading (an h1 on the printable page). */
  title: ReactNode;
  /** Shown at the right of the heading (the print button, say). */
  headExtra?: ReactNode;
}) {
  const label = useFormLabels();
  const a = application;
  const shipped = a.items.some((item) => item.batchNumber !== null);
  const applicant = 'applicant' in a ? a.applicant : undefined;
  return (
    <article className="app-sheet" data-application-id={a.id}>
      <header className="app-sheet__head">
        <div className="app-sheet__title-row">
          {title}
          {headExtra}
        </div>
        <dl className="app-sheet__facts">
          <div>
            <dt>申请编号</dt>
            <dd className="app-sheet__number">{a.number}</dd>
          </div>
          <div>
            <dt>状态</dt>
            <dd>
              <ApplicationStatusTag status={a.status} />
              <span className="print-only">{applicationStatusLabels[a.status]}</span>
            </dd>
          </div>
          <div>
            <dt>申请时间</dt>
            <dd>{formatTime(a.createdAt)}</dd>
          </div>
          {a.trackingNumber ? (
            <div>
              <dt>物流</dt>
              <dd>
                <Shipment carrier={a.carrier} trackingNumber={a.trackingNumber} />
              </dd>
            </div>
          ) : null}
        </dl>
      </header>

      {a.status === 'rejected' && a.rejectReason ? (
        <Alert className="app-sheet__alert" type="error" showIcon title="申请已驳回" description={`驳回原因：${a.rejectReason}`} />
      ) : null}

      <Section title="申请信息">
        <dl className="app-fields">
          {[
            ...(applicant ? [{ key: 'applicant', label: '申请账号', value: applicantLabel(applicant), wide: true }] : []),
            { key: 'contactName', label: '联系人', value: a.contactName },
            { key: 'mobile', label: '手机号', value: a.mobile },
            { key: 'email', label: '邮箱', value: a.email },
            { key: 'company', label: '单位名称', value: a.company },
            { key: 'companyType', label: '单位类型', value: label('companyType', a.companyType) },
            { key: 'department', label: '部门', value: a.department },
            { key: 'purpose', label: '申请用途', value: label('purpose', a.purpose) },
            { key: 'dosageForm', label: '剂型', value: label('dosageForm', a.dosageForm) },
            { key: 'stage', label: '研发阶段', value: label('stage', a.stage) },
            { key: 'projectName', label: '项目名称', value: a.projectName },
            { key: 'notes', label: '备注', value: a.notes, wide: true },
          ].map((field) => (
            <div key={field.key} className={field.wide ? 'app-field app-field--wide' : 'app-field'}>
              <dt>{field.label}</dt>
              <dd>{text(field.value)}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="收货地址">
        <p className="app-sheet__address">
          <span className="app-sheet__recipient">
            {a.address.recipient} {a.address.mobile}
          </span>
          <span>{addressLine(a.address)}</span>
        </p>
      </Section>

      <Section title={`样品明细（共 ${a.items.length} 项）`}>
        <div className="app-sheet__items-scroll">
          <table className="app-sheet__items">
            <thead>
              <tr>
                <th className="app-sheet__col-index">序号</th>
                <th>产品</th>
                <th>规格等级</th>
                <th>包装规格</th>
                <th className="app-sheet__col-qty">数量</th>
                {shipped ? <th>批号 / COA</th> : null}
              </tr>
            </thead>
            <tbody>
              {a.items.map((item, index) => (
                <tr key={item.id}>
                  <td className="app-sheet__col-index">{index + 1}</td>
                  <td>
                    {item.nameZh}
                    {item.excipientId === null ? <span className="muted small">（已下架）</span> : null}
                  </td>
                  <td>{item.grade}</td>
                  <td>{item.packSize}</td>
                  <td className="app-sheet__col-qty">{item.quantity}</td>
                  {shipped ? (
                    <td>
                      {item.batchNumber ?? '—'}
                      {item.coaUrl ? (
                        <CoaDownload viewer={applicant === undefined ? 'member' : 'staff'} applicationId={a.id} item={item} />
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title="处理记录">
        <ApplicationHistory events={a.history} staffView={applicant !== undefined} />
      </Section>
    </article>
  );
}
