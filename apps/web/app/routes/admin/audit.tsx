import type { AuditEntry } from '@fuliaotong/contracts';
import { auditActionLabels, auditEntityLabels, auditSettingLabels, paths } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { Desk } from '../../features/staff/desk/desk';
import { DeskSelect, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskTable } from '../../features/staff/desk/desk-table';
import { useDeskQuery } from '../../features/staff/desk/desk-query';
import { AUDIT_PAGE_SIZE, auditQuery } from '../../features/staff/staff-api';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

export function meta() {
  return pageMeta(paths.adminAudit);
}

/** What each kind of changed row and each change are called on the page (entries older than a name show as stored). */
const entityLabels: Record<string, string> = auditEntityLabels;
const actionLabels: Record<string, string> = auditActionLabels;

/** The changed row, in words: 发票 #12, 设置：样品限额. */
function entityName(entry: Pick<AuditEntry, 'entityType' | 'entityId'>): string {
  const kind = entityLabels[entry.entityType] ?? entry.entityType;
  if (!entry.entityId) return kind;
  if (entry.entityType === 'setting') return `${kind}：${auditSettingLabels[entry.entityId] ?? entry.entityId}`;
  return `${kind} #${entry.entityId}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function show(value: unknown): string {
  if (value === null || value === undefined) return '（空）';
  if (Array.isArray(value)) return value.length === 0 ? '（无）' : value.map(show).join('、');
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The changed fields of an entry, before and after, side by side. */
function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <span className="staff-desk__muted">没有字段变化</span>;
  return (
    <table className="audit-changes">
      <thead>
        <tr>
          <th scope="col">字段</th>
          <th scope="col">修改前</th>
          <th scope="col">修改后</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key}>
            <th scope="row">{key}</th>
            <td>{entry.before ? show(entry.before[key]) : '（新建）'}</td>
            <td>{entry.after ? show(entry.after[key]) : '（已删除）'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The audit log: every staff change, newest first; read only. */
export default function AdminAuditPage() {
  const { searchParams, keyword, page, go } = useDeskQuery();
  const entityType = searchParams.get('entityType') ?? undefined;
  const entityId = searchParams.get('entityId') ?? undefined;
  const from = DATE.test(searchParams.get('from') ?? '') ? searchParams.get('from')! : undefined;
  const to = DATE.test(searchParams.get('to') ?? '') ? searchParams.get('to')! : undefined;
  const audit = useQuery(auditQuery({ keyword: keyword || undefined, entityType, entityId, from, to, page, pageSize: AUDIT_PAGE_SIZE }));

  const columns: ColumnsType<AuditEntry> = [
    { title: '时间', dataIndex: 'at', width: 170, render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss') },
    { title: '操作人', dataIndex: 'actorAccount', width: 150 },
    { title: '操作', dataIndex: 'action', width: 150, render: (action: string) => actionLabels[action] ?? action },
    { title: '内容', dataIndex: 'summary' },
    { title: '对象', key: 'entity', width: 160, render: (_, entry) => entityName(entry) },
    { title: 'IP', dataIndex: 'ip', width: 130 },
  ];

  return (
    <Desk
      path={paths.adminAudit}
      description="工作人员的每一次修改都在同一事务中记录，不能修改或删除。点击一行查看修改前后的值。"
      refresh={audit}
      filters={
        <>
          <DeskSelect
            label="对象类型"
            placeholder="全部对象"
            param="entityType"
            value={entityType}
            options={Object.entries(entityLabels).map(([value, label]) => ({ value, label }))}
            also={{ entityId: null }}
          />
          <DatePicker.RangePicker
            aria-label="日期范围"
            value={from && to ? [dayjs(from), dayjs(to)] : null}
            onChange={(range) => go({ from: range?.[0]?.format('YYYY-MM-DD') ?? null, to: range?.[1]?.format('YYYY-MM-DD') ?? null, page: 1 })}
          />
          <DeskSearch label="搜索操作日志" placeholder="内容、操作人账号或对象编号" />
        </>
      }
    >
      {entityId ? (
        <p className="staff-desk__muted">
          仅显示{entityType ? entityName({ entityType, entityId }) : `对象 #${entityId}`} 的记录 ·{' '}
          <Button type="link" size="small" onClick={() => go({ entityId: null, page: 1 })}>
            显示全部
          </Button>
        </p>
      ) : null}
      <DeskTable
        list={audit}
        columns={columns}
        errorTitle="操作日志加载失败"
        scrollX={970}
        expandable={{ expandedRowRender: (entry) => <Changes entry={entry} />, expandRowByClick: true }}
        empty="没有符合条件的记录"
        paging={{ pageSize: AUDIT_PAGE_SIZE, unit: '条' }}
      />
    </Desk>
  );
}
