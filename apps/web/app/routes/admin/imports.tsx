import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { RegistrationExportQuery, RegistrationImportPreview, RegistrationImportReport } from '@fuliaotong/contracts';
import { REGISTRATION_IMPORT_MAX_BYTES, REGISTRATION_TYPES, REVIEW_STATUSES, reviewStatusLabels, paths } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { Alert, Button, Descriptions, Form, Input, Popconfirm, Result, Select, Table, Upload } from 'antd';
import { useState } from 'react';
import { useCommitRegistrationImport, useExportRegistrations, usePreviewRegistrationImport } from '../../features/registration-import/registration-import-api';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';
import { toast } from '../../components/toast';

export function meta() {
  return pageMeta(paths.adminImports);
}

type Rejected = RegistrationImportPreview['rejected'][number];
type Change = RegistrationImportPreview['changes'][number];

/** The imports desk: a file of CDE registration records is previewed with its bad rows, then committed once. */
export default function AdminImportsPage() {
  const previewing = usePreviewRegistrationImport();
  const committing = useCommitRegistrationImport();
  const [preview, setPreview] = useState<RegistrationImportPreview>();
  const [report, setReport] = useState<RegistrationImportReport>();
  const [error, setError] = useState<string>();
  const { canWrite, needs } = useDeskWrites();

  const choose = async (file: File) => {
    setError(undefined);
    setReport(undefined);
    setPreview(undefined);
    if (file.size > REGISTRATION_IMPORT_MAX_BYTES) {
      setError(`文件不能超过 ${REGISTRATION_IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    try {
      setPreview(await previewing.mutateAsync(file));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const commit = async () => {
    if (!preview) return;
    try {
      const done = await committing.mutateAsync(preview.id);
      setReport(done);
      setPreview(undefined);
      toast.success('导入完成');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const writable = preview ? preview.counts.new + preview.counts.changed : 0;

  return (
    <Desk path={paths.adminImports} className="staff-desk imports-desk">
      {canWrite ? (
        <section className="panel site-desk__group" aria-label="导入原辅包登记数据">
          <h2 className="site-desk__title">导入原辅包登记数据</h2>
          <p className="muted">
            第一行为列名（顺序不限）：登记号、品种名称、企业名称、企业地址、省份、产品来源、规格、包装规格、类型、与制剂共同审评审批结果、更新日期、备注。
            与已有记录登记号相同的行会更新该记录；先预览，确认后再提交。
          </p>
          <Upload.Dragger
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            disabled={previewing.isPending}
            beforeUpload={(file) => {
              void choose(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p>{previewing.isPending ? '正在读取并校验…' : '点击或拖入 CSV（UTF-8）或 Excel（.xlsx）文件'}</p>
            <p className="muted">最大 {REGISTRATION_IMPORT_MAX_BYTES / 1024 / 1024} MB，20,000 行</p>
          </Upload.Dragger>
          {error ? <Alert className="imports-desk__alert" type="error" showIcon title={error} /> : null}
          {preview ? (
            <PreviewView preview={preview} writable={writable} committing={committing.isPending} onCommit={() => void commit()} />
          ) : null}
          {report ? (
            <Result
              status="success"
              title={`已导入“${report.filename}”`}
              subTitle={`新增 ${report.inserted} 条，更新 ${report.updated} 条，未变化 ${report.counts.unchanged} 条，拒绝 ${report.counts.rejected} 行（未导入）。公开页面已更新。`}
              extra={report.rejected.length > 0 ? <RejectedTable rows={report.rejected} /> : null}
            />
          ) : null}
        </section>
      ) : (
        <p className="muted">导入原辅包登记数据需要{needs}角色；下面可以导出。</p>
      )}
      <ExportPanel />
    </Desk>
  );
}

function PreviewView({
  preview,
  writable,
  committing,
  onCommit,
}: {
  preview: RegistrationImportPreview;
  writable: number;
  committing: boolean;
  onCommit: () => void;
}) {
  const { counts } = preview;
  return (
    <div className="imports-desk__preview">
      <Descriptions
        title={`预览：${preview.filename}`}
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'rows', label: '数据行', children: preview.rowCount },
          { key: 'new', label: '新增', children: counts.new },
          { key: 'changed', label: '更新', children: counts.changed },
          { key: 'unchanged', label: '未变化', children: counts.unchanged },
          {
            key: 'rejected',
            label: '拒绝（不导入）',
            children: <span className={counts.rejected ? 'imports-desk__bad' : undefined}>{counts.rejected}</span>,
          },
          { key: 'superseded', label: '重复登记号（以后者为准）', children: counts.superseded },
        ]}
      />
      {preview.ignoredColumns.length ? (
        <Alert type="warning" showIcon title={`未识别的列（已忽略）：${preview.ignoredColumns.join('、')}`} />
      ) : null}
      {preview.rejected.length ? (
        <>
          <h3 className="site-desk__title">被拒绝的行</h3>
          <RejectedTable rows={preview.rejected} />
        </>
      ) : null}
      {preview.changes.length ? (
        <>
          <h3 className="site-desk__title">将被更新的记录</h3>
          <Table<Change>
            rowKey="regNo"
            size="small"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            dataSource={preview.changes}
            columns={[
              { title: '登记号', dataIndex: 'regNo' },
              { title: '品种名称', dataIndex: 'name' },
              {
                title: '变化',
                key: 'fields',
                render: (_, change) => (
                  <ul className="imports-desk__changes">
                    {change.fields.map((f) => (
                      <li key={f.field}>
                        {f.field}：{f.before || '（空）'} → {f.after || '（空）'}
                      </li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        </>
      ) : null}
      <div className="site-desk__actions">
        <Popconfirm
          title={`写入 ${writable} 条记录（新增 ${counts.new}，更新 ${counts.changed}）？被拒绝的 ${counts.rejected} 行不会导入。`}
          okText="提交导入"
          cancelText="取消"
          onConfirm={onCommit}
          disabled={writable === 0}
        >
          <Button type="primary" loading={committing} disabled={writable === 0}>
            提交导入（{writable} 条）
          </Button>
        </Popconfirm>
        {writable === 0 ? <span className="muted">没有需要写入的记录</span> : null}
      </div>
    </div>
  );
}

function RejectedTable({ rows }: { rows: Rejected[] }) {
  return (
    <Table<Rejected>
      rowKey="line"
      size="small"
      className="imports-desk__rejected"
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 560 }}
      dataSource={rows}
      columns={[
        { title: '行号', dataIndex: 'line', width: 72 },
        { title: '登记号', dataIndex: 'regNo', width: 150, render: (regNo: string | null) => regNo ?? '—' },
        { title: '原因', dataIndex: 'reasons', render: (reasons: string[]) => reasons.join('；') },
      ]}
    />
  );
}

/** Any filtered list of records to Excel (the same filters as the public list). */
function ExportPanel() {
  const exporting = useExportRegistrations();
  const [form] = Form.useForm<RegistrationExportQuery>();
  const run = async (values: RegistrationExportQuery) => {
    const query = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as RegistrationExportQuery;
    await exporting.mutateAsync({ ...query, sort: 'updated_desc' });
  };
  return (
    <section className="panel site-desk__group" aria-label="导出为 Excel">
      <h2 className="site-desk__title">导出为 Excel</h2>
      <Form<RegistrationExportQuery> form={form} layout="vertical" onFinish={(values) => void run(values)} className="product-desk__grid">
        <Form.Item name="keyword" label="关键词">
          <Input placeholder="登记号、品种名称或企业名称" maxLength={50} allowClear />
        </Form.Item>
        <Form.Item name="type" label="类型">
          <Select allowClear options={REGISTRATION_TYPES.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="status" label="审评审批结果">
          <Select allowClear options={REVIEW_STATUSES.map((value) => ({ value, label: reviewStatusLabels[value] }))} />
        </Form.Item>
        <Form.Item label=" ">
          <Button htmlType="submit" icon={<DownloadOutlined aria-hidden />} loading={exporting.isPending}>
            导出 Excel
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
