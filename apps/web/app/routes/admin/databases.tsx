import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { AdminStandard, AdminUsage, ReferenceCode, ReferenceImportReport, StandardBody } from '@fuliaotong/contracts';
import { PHARMACOPOEIAS, pharmacopoeiaLabels, REFERENCE_IMPORT_MAX_BYTES, STANDARD_COLUMNS, STANDARD_MAX_TEST_ITEMS, STANDARD_STATUSES, USAGE_COLUMNS, paths } from '@fuliaotong/contracts/constants';
import type { StandardBody as StandardSchema, UsageBody as UsageSchema } from '@fuliaotong/contracts/forms';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Form, Input, Modal, Popconfirm, Select, Table, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  adminStandardsQuery,
  adminUsagesQuery,
  REFERENCE_PAGE_SIZE,
  referenceLabels,
  useExportReference,
  useImportReference,
  useRemoveReferenceRow,
  useSaveReferenceRow,
  type ReferenceRowSave,
} from '../../features/reference/reference-admin-api';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { DeskChoice, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskTable } from '../../features/staff/desk/desk-table';
import { useDeskQuery } from '../../features/staff/desk/desk-query';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';
import { toast } from '../../components/toast';

export function meta() {
  return pageMeta(paths.adminDatabases);
}

const CODES = [
  { value: 'standard', label: '药典标准' },
  { value: 'usage', label: '辅料用量' },
] as const;

type Row = AdminStandard | AdminUsage;
type Editing = { code: ReferenceCode; row?: Row };

/** The databases desk: standards and usage rows, one by one or as spreadsheets. */
export default function AdminDatabasesPage() {
  const { searchParams, keyword, page } = useDeskQuery();
  const code: ReferenceCode = searchParams.get('code') === 'usage' ? 'usage' : 'standard';
  const query = { keyword: keyword || undefined, page, pageSize: REFERENCE_PAGE_SIZE };
  const standards = useQuery({ ...adminStandardsQuery(query), enabled: code === 'standard' });
  const usages = useQuery({ ...adminUsagesQuery(query), enabled: code === 'usage' });
  const remove = useRemoveReferenceRow();
  const exporting = useExportReference();
  const [editing, setEditing] = useState<Editing>();
  const [importing, setImporting] = useState<{ file: File; report: ReferenceImportReport }>();
  const checking = useImportReference();
  const { canWrite } = useDeskWrites();

  const removeRow = async (row: Row) => {
    try {
      await remove.mutateAsync({ code, id: row.id });
      toast.success('已删除');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const check = async (file: File) => {
    if (file.size > REFERENCE_IMPORT_MAX_BYTES) {
      toast.error(`文件不能超过 ${REFERENCE_IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    try {
      setImporting({ file, report: await checking.mutateAsync({ code, file, dryRun: true }) });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const actions = (row: Row) => (
    <span className="product-desk__actions">
      <Button size="small" onClick={() => setEditing({ code, row })}>
        编辑
      </Button>
      <Popconfirm title="删除这条记录？公开的数据库中立即不再显示。" okText="删除" cancelText="取消" onConfirm={() => removeRow(row)}>
        <Button size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </span>
  );
  const standardColumns: ColumnsType<AdminStandard> = [
    { title: '品种名称', dataIndex: 'name' },
    { title: '英文名称', dataIndex: 'nameEn' },
    { title: '药典', dataIndex: 'pharmacopoeia', render: (p: AdminStandard['pharmacopoeia']) => pharmacopoeiaLabels[p] },
    { title: '版本', dataIndex: 'edition' },
    { title: '状态', dataIndex: 'status' },
    { title: '实施日期', dataIndex: 'effectiveOn', render: (d: string | null) => d ?? '—' },
    { title: '检验项目', dataIndex: 'testItems', render: (items: string[]) => (items.length ? `${items.length} 项` : '—') },
    ...(canWrite ? [{ title: '操作', key: 'actions', width: 150, render: (_: unknown, row: AdminStandard) => actions(row) }] : []),
  ];
  const usageColumns: ColumnsType<AdminUsage> = [
    { title: '辅料名称', dataIndex: 'ingredient' },
    { title: '给药途径', dataIndex: 'route' },
    { title: '剂型', dataIndex: 'dosageForm' },
    { title: '单位制剂最大用量', dataIndex: 'maxAmount' },
    ...(canWrite ? [{ title: '操作', key: 'actions', width: 150, render: (_: unknown, row: AdminUsage) => actions(row) }] : []),
  ];
  const table = { errorTitle: '记录加载失败', noun: '记录', paging: { pageSize: REFERENCE_PAGE_SIZE, unit: '条' } };

  return (
    <Desk
      path={paths.adminDatabases}
      actions={
        <>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate({ code, query: { keyword: keyword || undefined } })}
          >
            导出 Excel
          </Button>
          {canWrite ? (
            <>
              <Upload
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                showUploadList={false}
                beforeUpload={(file) => {
                  void check(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined aria-hidden />} loading={checking.isPending && !importing}>
                  导入
                </Button>
              </Upload>
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ code })}>
                新增
              </Button>
            </>
          ) : null}
        </>
      }
      filters={
        <>
          <DeskChoice label="数据库" param="code" value={code} options={CODES} also={{ keyword: null }} />
          <DeskSearch
            key={code}
            label={`搜索${referenceLabels[code]}`}
            placeholder={code === 'standard' ? '品种名称或英文名称' : '辅料名称'}
          />
        </>
      }
      editor={
        <>
          {editing ? <RowEditor editing={editing} onClose={() => setEditing(undefined)} /> : null}
          {importing ? (
            <ImportCheck code={code} file={importing.file} report={importing.report} onClose={() => setImporting(undefined)} />
          ) : null}
        </>
      }
    >
      <p className="muted small">
        导入文件第一行为列名（顺序不限）：{(code === 'standard' ? STANDARD_COLUMNS : USAGE_COLUMNS).join('、')}。
        {code === 'standard' ? '名称、药典与版本' : '辅料名称、给药途径与剂型'}相同的行更新已有记录，其余新增；先检查，确认后写入。
      </p>
      {code === 'standard' ? (
        <DeskTable list={standards} columns={standardColumns} scrollX={900} {...table} />
      ) : (
        <DeskTable list={usages} columns={usageColumns} scrollX={700} {...table} />
      )}
    </Desk>
  );
}

/** The report of a checked file, and the button that writes it. */
function ImportCheck({
  code,
  file,
  report,
  onClose,
}: {
  code: ReferenceCode;
  file: File;
  report: ReferenceImportReport;
  onClose: () => void;
}) {
  const importing = useImportReference();
  const writable = report.inserted + report.updated;
  const commit = async () => {
    try {
      const done = await importing.mutateAsync({ code, file, dryRun: false });
      toast.success(`已导入“${file.name}”：新增 ${done.inserted} 条，更新 ${done.updated} 条`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Modal
      open
      title={`检查结果：${file.name}`}
      onCancel={onClose}
      width={720}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={writable === 0} loading={importing.isPending} onClick={() => void commit()}>
          确认导入（{writable} 条）
        </Button>,
      ]}
    >
      <p>
        共读取 {report.rowCount} 行：将新增 {report.inserted} 条，更新 {report.updated} 条，拒绝 {report.rejectedCount} 行（不导入）。
      </p>
      {report.ignoredColumns.length ? (
        <Alert type="info" showIcon title={`未识别的列（不导入）：${report.ignoredColumns.join('、')}`} />
      ) : null}
      {report.rejected.length ? (
        <Table
          className="imports-desk__rejected"
          rowKey="line"
          size="small"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={report.rejected}
          columns={[
            { title: '行号', dataIndex: 'line', width: 80 },
            { title: '原因', dataIndex: 'reasons', render: (reasons: string[]) => reasons.join('；') },
          ]}
        />
      ) : null}
    </Modal>
  );
}

interface RowForm {
  name?: string;
  nameEn?: string;
  pharmacopoeia?: StandardBody['pharmacopoeia'];
  edition?: string;
  status?: StandardBody['status'];
  effectiveOn?: Dayjs | null;
  /** One 检验项目 a line. */
  testItems?: string;
  revisionNote?: string;
  ingredient?: string;
  route?: string;
  dosageForm?: string;
  maxAmount?: string;
}

const fieldNames = [
  'name',
  'nameEn',
  'pharmacopoeia',
  'edition',
  'status',
  'effectiveOn',
  'testItems',
  'revisionNote',
  'ingredient',
  'route',
  'dosageForm',
  'maxAmount',
];

/** The row's body for the API, from the dialog's values. */
function rowSave(code: ReferenceCode, id: number | undefined, values: RowForm): ReferenceRowSave {
  if (code === 'standard') {
    return {
      code,
      id,
      body: {
        name: values.name ?? '',
        nameEn: values.nameEn ?? '',
        pharmacopoeia: values.pharmacopoeia!,
        edition: values.edition ?? '',
        status: values.status!,
        effectiveOn: values.effectiveOn ? values.effectiveOn.format('YYYY-MM-DD') : null,
        testItems: (values.testItems ?? '')
          .split('\n')
          .map((item) => item.trim())
          .filter(Boolean),
        revisionNote: values.revisionNote ?? '',
      },
    };
  }
  return {
    code,
    id,
    body: {
      ingredient: values.ingredient ?? '',
      route: values.route ?? '',
      dosageForm: values.dosageForm ?? '',
      maxAmount: values.maxAmount ?? '',
    },
  };
}

/** Only the field's own schema checks it in the browser. */
const standardRule = (name: keyof typeof StandardSchema.shape) => schemaRule((s) => s.StandardBody.shape[name]);
const usageRule = (name: keyof typeof UsageSchema.shape) => schemaRule((s) => s.UsageBody.shape[name]);

/** Adds or edits one row in a dialog. */
function RowEditor({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { code, row } = editing;
  const { form, onFinish, formError, pending } = useMutationForm(useSaveReferenceRow(), {
    variables: (values: RowForm) => rowSave(code, row?.id, values),
    fields: fieldNames,
    success: row ? '已保存，网站上立即生效' : '已新增',
    onSuccess: onClose,
  });
  const initial: RowForm =
    row && 'pharmacopoeia' in row
      ? { ...row, effectiveOn: row.effectiveOn ? dayjs(row.effectiveOn) : null, testItems: row.testItems.join('\n') }
      : row
        ? { ...row }
        : code === 'standard'
          ? { pharmacopoeia: 'ChP', status: '现行', nameEn: '', effectiveOn: null, testItems: '', revisionNote: '' }
          : {};
  const required = (label: string) => ({ required: true, whitespace: true, message: `请填写${label}` });
  return (
    <Modal
      open
      title={`${row ? '编辑' : '新增'}${referenceLabels[code]}`}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<RowForm> form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
        <FormError className="site-desk__error" message={formError} />
        {code === 'standard' ? (
          <>
            <Form.Item name="name" label="品种名称" rules={[required('品种名称'), standardRule('name')]}>
              <Input />
            </Form.Item>
            <Form.Item name="nameEn" label="英文名称" rules={[standardRule('nameEn')]}>
              <Input />
            </Form.Item>
            <Form.Item name="pharmacopoeia" label="药典" rules={[{ required: true, message: '请选择药典' }]}>
              <Select options={PHARMACOPOEIAS.map((value) => ({ value, label: pharmacopoeiaLabels[value] }))} />
            </Form.Item>
            <Form.Item name="edition" label="版本" rules={[required('版本'), standardRule('edition')]}>
              <Input placeholder="例如 2025 年版" />
            </Form.Item>
            <Form.Item name="status" label="状态" rules={[{ required: true, message: '请选择状态' }]}>
              <Select options={STANDARD_STATUSES.map((value) => ({ value, label: value }))} />
            </Form.Item>
            <Form.Item name="effectiveOn" label="实施日期">
              <DatePicker placeholder="未定" />
            </Form.Item>
            <Form.Item name="testItems" label="检验项目（会员可见）" extra={`每行一项，最多 ${STANDARD_MAX_TEST_ITEMS} 项，例如“干燥失重：不得过 5.0%”`}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
            </Form.Item>
            <Form.Item name="revisionNote" label="修订说明（会员可见）" rules={[standardRule('revisionNote')]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder="与上一版相比改了什么" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="ingredient" label="辅料名称" rules={[required('辅料名称'), usageRule('ingredient')]}>
              <Input />
            </Form.Item>
            <Form.Item name="route" label="给药途径" rules={[required('给药途径'), usageRule('route')]}>
              <Input placeholder="例如 口服" />
            </Form.Item>
            <Form.Item name="dosageForm" label="剂型" rules={[required('剂型'), usageRule('dosageForm')]}>
              <Input placeholder="例如 片剂" />
            </Form.Item>
            <Form.Item name="maxAmount" label="单位制剂最大用量" rules={[required('单位制剂最大用量'), usageRule('maxAmount')]}>
              <Input placeholder="例如 120 mg" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
