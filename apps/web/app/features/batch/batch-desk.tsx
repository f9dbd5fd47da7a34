import type { Batch, BatchCreateBody, BatchUpdateBody } from '@fuliaotong/contracts';
import { BATCH_CONCLUSIONS } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Select, Space } from 'antd';
import { PdfUploadButton } from '../staff/desk/pdf-upload';
import { useState } from 'react';
import { BatchStatusTag } from './batch-status';
import { toast } from '../../components/toast';
import { downloadBatchCoa, useBatchResults, useBatchStatus, useCreateBatch, useUpdateBatch, useUploadSignedCoa } from './batch-api';
import { excipientQuery } from '../excipient/excipient-api';
import { ProductSelect } from '../quote/quote-request-form';
import { useDeskWrites } from '../staff/desk-access';
import { FormError, useMutationForm } from '../../lib/mutation-form';

const DATE = {
  pattern: /^\d{4}-\d{2}-\d{2}$/,
  message: '日期格式应为 YYYY-MM-DD',
};

/** 登记批次: the product, then the batch's own fields. */
export function NewBatchForm({ onCreated }: { onCreated: (batch: Batch) => void }) {
  const create = useMutationForm(useCreateBatch(), {
    variables: (values: BatchValues): BatchCreateBody => ({
      excipientId: values.excipientId!,
      ...fieldsOf(values),
    }),
    fields: ['excipientId', 'specId', 'batchNumber', 'manufacturedOn', 'expiresOn', 'quantity', 'testedOn'],
    success: (batch) => `已登记批次 ${batch.batchNumber}，检验项目已按药典标准预填`,
    onSuccess: (batch) => onCreated(batch),
  });
  const product = Form.useWatch('excipientId', create.form);
  return (
    <>
      <FormError className="form-alert" message={create.formError} />
      <Form<BatchValues> form={create.form} name="batch-create" layout="vertical" onFinish={create.onFinish} aria-label="登记批次">
        <Form.Item name="excipientId" label="产品" rules={[{ required: true, message: '请选择产品' }]}>
          <ProductSelect label="产品" onChange={() => create.form.setFieldValue('specId', null)} />
        </Form.Item>
        <BatchFields product={product} />
        <Button type="primary" htmlType="submit" loading={create.pending}>
          登记
        </Button>
      </Form>
    </>
  );
}

interface BatchValues {
  excipientId?: number;
  specId?: number | null;
  batchNumber: string;
  manufacturedOn: string;
  expiresOn: string;
  quantity: string;
  testedOn?: string;
}

/** The batch's own fields; a new batch also picks its product. */
function BatchFields({ product }: { product: number | undefined }) {
  const detail = useQuery({
    ...excipientQuery(product ?? 0),
    enabled: product !== undefined,
  });
  return (
    <div className="batch-fields">
      <Form.Item name="specId" label="规格等级">
        <Select
          allowClear
          placeholder={product ? '未指定' : '请先选择产品'}
          loading={detail.isFetching}
          options={(detail.data?.specs ?? []).map((spec) => ({
            value: spec.id,
            label: `${spec.grade} · ${spec.packSize}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="batchNumber" label="批号" rules={[{ required: true, whitespace: true, message: '请填写批号' }]}>
        <Input maxLength={40} placeholder="如 FL2512001" />
      </Form.Item>
      <Form.Item name="quantity" label="数量（含单位）" rules={[{ required: true, whitespace: true, message: '请填写数量' }]}>
        <Input maxLength={40} placeholder="如 500 kg" />
      </Form.Item>
      <Form.Item name="manufacturedOn" label="生产日期" rules={[{ required: true, message: '请填写生产日期' }, DATE]}>
        <Input maxLength={10} placeholder="YYYY-MM-DD" />
      </Form.Item>
      <Form.Item name="expiresOn" label="有效期至" rules={[{ required: true, message: '请填写有效期' }, DATE]}>
        <Input maxLength={10} placeholder="YYYY-MM-DD" />
      </Form.Item>
      <Form.Item name="testedOn" label="检验日期（放行前须填写）" rules={[DATE]}>
        <Input maxLength={10} placeholder="YYYY-MM-DD" />
      </Form.Item>
    </div>
  );
}

const fieldsOf = (values: BatchValues) => ({
  specId: values.specId ?? null,
  batchNumber: values.batchNumber.trim(),
  manufacturedOn: values.manufacturedOn,
  expiresOn: values.expiresOn,
  quantity: values.quantity.trim(),
  testedOn: values.testedOn || null,
});

export function BatchDetail({ batch }: { batch: Batch }) {
  const { canWrite, needs } = useDeskWrites();
  const [busy, setBusy] = useState(false);
  return (
    <div className="batch-desk">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'status',
            label: '状态',
            children: <BatchStatusTag status={batch.status} />,
          },
          {
            key: 'code',
            label: '防伪查询码',
            children: <span className="batch-desk__code">{batch.checkCode}</span>,
          },
          { key: 'product', label: '产品', children: batch.excipient.name },
          {
            key: 'spec',
            label: '规格等级',
            children: batch.spec ? `${batch.spec.grade} · ${batch.spec.packSize}` : '未指定',
          },
          { key: 'made', label: '生产日期', children: batch.manufacturedOn },
          { key: 'expires', label: '有效期至', children: batch.expiresOn },
          { key: 'quantity', label: '数量', children: batch.quantity },
          { key: 'tested', label: '检验日期', children: batch.testedOn ?? '—' },
          {
            key: 'conclusion',
            label: '结论',
            children: batch.conclusion ?? '未检完',
          },
          {
            key: 'coa',
            label: '检验报告',
            children: batch.signedCoa ? '已上传签章原件' : '按检验结果生成',
          },
        ]}
      />
      <Space wrap className="batch-desk__actions">
        <Button
          loading={busy}
          onClick={() => {
            setBusy(true);
            void downloadBatchCoa(batch).finally(() => setBusy(false));
          }}
        >
          下载检验报告
        </Button>
        {canWrite ? <SignedCoaUpload batch={batch} /> : null}
      </Space>
      {canWrite ? (
        <>
          <StatusActions batch={batch} />
          <ResultsEditor key={`${batch.id}-${batch.updatedAt}`} batch={batch} />
          <EditBatch key={`edit-${batch.id}-${batch.updatedAt}`} batch={batch} />
        </>
      ) : (
        <>
          <Alert className="staff-desk__alert" type="info" showIcon title={`您可以查看此批次；登记与放行需要${needs}角色。`} />
          <ResultsView batch={batch} />
        </>
      )}
    </div>
  );
}

function SignedCoaUpload({ batch }: { batch: Batch }) {
  const upload = useUploadSignedCoa(batch.id);
  return (
    <PdfUploadButton upload={upload} success="签章的检验报告原件已上传，查询时将提供原件">
      {batch.signedCoa ? '重新上传签章原件' : '上传签章原件（PDF）'}
    </PdfUploadButton>
  );
}

/** 合格放行, 判定不合格, 退回待检: the server checks that a release has its test day and every item passed. */
function StatusActions({ batch }: { batch: Batch }) {
  const change = useBatchStatus(batch.id);
  const [error, setError] = useState<string>();
  const set = (status: 'pending' | 'released' | 'rejected', done: string) => {
    setError(undefined);
    change.mutate(status, {
      onSuccess: () => toast.success(done),
      onError: (e) => setError(errorMessage(e)),
    });
  };
  const stored = batch.status === 'expired' ? 'released' : batch.status;
  return (
    <section className="batch-desk__section" aria-labelledby="batch-status-title">
      <h3 id="batch-status-title">放行</h3>
      {error ? <Alert className="staff-desk__alert" type="error" showIcon title={error} /> : null}
      <Space wrap>
        {stored !== 'released' ? (
          <Button
            type="primary"
            loading={change.isPending && change.variables === 'released'}
            onClick={() => set('released', '批次已合格放行')}
          >
            合格放行
          </Button>
        ) : null}
        {stored !== 'rejected' ? (
          <Button danger loading={change.isPending && change.variables === 'rejected'} onClick={() => set('rejected', '批次已判定不合格')}>
            判定不合格
          </Button>
        ) : null}
        {stored !== 'pending' ? (
          <Button loading={change.isPending && change.variables === 'pending'} onClick={() => set('pending', '批次已退回待检')}>
            退回待检
          </Button>
        ) : null}
      </Space>
    </section>
  );
}

const conclusionOf = (value: string | undefined) => BATCH_CONCLUSIONS.find((c) => c === value) ?? null;
const conclusionOptions = [{ value: '', label: '未检' }, ...BATCH_CONCLUSIONS.map((c) => ({ value: c, label: c }))];

interface ResultValues {
  results: Array<{
    item: string;
    limit: string;
    result: string;
    method: string;
    conclusion: string;
  }>;
}

/** The test items in order: item, limit, result, method, conclusion; saved as a whole. */
function ResultsEditor({ batch }: { batch: Batch }) {
  const save = useMutationForm(useBatchResults(batch.id), {
    variables: (values: ResultValues) => ({
      results: (values.results ?? []).map((row) => ({
        item: row.item,
        limit: row.limit ?? '',
        result: row.result ?? '',
        method: row.method ?? '',
        conclusion: conclusionOf(row.conclusion),
      })),
    }),
    fields: ['results'],
    success: '检验结果已保存',
  });
  const allPass = () => {
    const rows = (save.form.getFieldValue('results') as ResultValues['results'] | undefined) ?? [];
    save.form.setFieldValue(
      'results',
      rows.map((row) => ({
        ...row,
        result: row.result?.trim() ? row.result : '符合规定',
        conclusion: '符合',
      })),
    );
  };
  return (
    <section className="batch-desk__section" aria-labelledby="batch-results-title">
      <h3 id="batch-results-title">检验结果</h3>
      <FormError className="form-alert" message={save.formError} />
      <Form<ResultValues>
        form={save.form}
        name="batch-results"
        layout="vertical"
        onFinish={save.onFinish}
        aria-label="检验结果"
        initialValues={{
          results: batch.results.map((row) => ({
            ...row,
            conclusion: row.conclusion ?? '',
          })),
        }}
      >
        <Form.List name="results">
          {(rows, { add, remove }) => (
            <>
              <ol className="batch-results">
                {rows.map(({ key, name }, index) => (
                  <li key={key} className="batch-results__row">
                    <Form.Item
                      name={[name, 'item']}
                      label={`第 ${index + 1} 项 检验项目`}
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: '请填写检验项目',
                        },
                      ]}
                    >
                      <Input maxLength={60} />
                    </Form.Item>
                    <Form.Item name={[name, 'limit']} label="标准规定">
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item name={[name, 'result']} label="检验结果">
                      <Input maxLength={200} aria-label={`第 ${index + 1} 项 检验结果`} />
                    </Form.Item>
                    <Form.Item name={[name, 'method']} label="检验方法">
                      <Input maxLength={100} />
                    </Form.Item>
                    <Form.Item name={[name, 'conclusion']} label="结论">
                      <Select options={conclusionOptions} aria-label={`第 ${index + 1} 项 结论`} />
                    </Form.Item>
                    <Button
                      className="batch-results__remove"
                      type="text"
                      danger
                      onClick={() => remove(name)}
                      aria-label={`删除第 ${index + 1} 项`}
                    >
                      删除
                    </Button>
                  </li>
                ))}
              </ol>
              <Space wrap>
                <Button
                  onClick={() =>
                    add({
                      item: '',
                      limit: '',
                      result: '',
                      method: '',
                      conclusion: '',
                    })
                  }
                >
                  添加检验项目
                </Button>
                <Button onClick={allPass}>全部记为符合</Button>
                <Button type="primary" htmlType="submit" loading={save.pending}>
                  保存检验结果
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </section>
  );
}

/** The results as they stand (an administrator reads them). */
function ResultsView({ batch }: { batch: Batch }) {
  return (
    <section className="batch-desk__section" aria-labelledby="batch-results-title">
      <h3 id="batch-results-title">检验结果</h3>
      <ol className="batch-results batch-results--read">
        {batch.results.map((row, index) => (
          <li key={index}>
            <strong>{row.item}</strong>：{row.limit || '—'}；结果 {row.result || '—'}；{row.method || '—'}；{row.conclusion ?? '未检'}
          </li>
        ))}
      </ol>
    </section>
  );
}

function EditBatch({ batch }: { batch: Batch }) {
  const update = useMutationForm(useUpdateBatch(batch.id), {
    variables: (values: BatchValues): BatchUpdateBody => fieldsOf(values),
    fields: ['specId', 'batchNumber', 'manufacturedOn', 'expiresOn', 'quantity', 'testedOn'],
    success: '批次已保存',
  });
  return (
    <section className="batch-desk__section" aria-labelledby="batch-edit-title">
      <h3 id="batch-edit-title">批次信息</h3>
      <FormError className="form-alert" message={update.formError} />
      <Form<BatchValues>
        form={update.form}
        name="batch-edit"
        layout="vertical"
        onFinish={update.onFinish}
        aria-label="批次信息"
        initialValues={{
          specId: batch.spec?.id ?? null,
          batchNumber: batch.batchNumber,
          manufacturedOn: batch.manufacturedOn,
          expiresOn: batch.expiresOn,
          quantity: batch.quantity,
          testedOn: batch.testedOn ?? '',
        }}
      >
        <BatchFields product={batch.excipient.id} />
        <Button htmlType="submit" loading={update.pending}>
          保存批次信息
        </Button>
      </Form>
    </section>
  );
}
