import type { Batch, BatchState } from '@fuliaotong/contracts';
import { BATCH_IMPORT_COLUMNS, BATCH_STATES, batchStateLabels, paths } from '@fuliaotong/contracts/constants';
import { ApiError, errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '../../components/load-state';
import { BatchStatusTag } from '../../features/batch/batch-status';
import { toast } from '../../components/toast';
import { ADMIN_BATCHES_PAGE_SIZE, adminBatchQuery, adminBatchesQuery, useImportBatches } from '../../features/batch/batch-api';
import { excipientPageQuery } from '../../features/excipient/excipient-api';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch, DeskSelect } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';
import './batches.css';

/** The drawers' parts (the batch's form, test results, status and COA) load when a drawer opens. */
const NewBatchForm = lazy(() =>
  import('../../features/batch/batch-desk').then((module) => ({
    default: module.NewBatchForm,
  })),
);
const BatchDetail = lazy(() =>
  import('../../features/batch/batch-desk').then((module) => ({
    default: module.BatchDetail,
  })),
);

export function meta() {
  return pageMeta(paths.adminBatches);
}

/**
 * 批次与检验报告: the quality staff record a product's batches (by hand or from an Excel sheet), enter
 * their test results, release or reject them, upload the signed COA and download it. Administrators
 * read (docs/decisions/0073-batches-and-coa-lookup.md).
 */
export default function AdminBatchesPage() {
  const { searchParams, keyword, page, openId, go } = useDeskQuery();
  const { canWrite } = useDeskWrites();
  const status = paramOf(searchParams.get('status'), BATCH_STATES);
  const excipientId = Number(searchParams.get('excipient')) || undefined;
  const list = useQuery(
    adminBatchesQuery({
      excipientId,
      status,
      batchNumber: keyword || undefined,
      page,
    }),
  );
  const products = useQuery(excipientPageQuery({ page: '1', pageSize: '100' }));
  const columns: ColumnsType<Batch> = [
    {
      title: '批号',
      dataIndex: 'batchNumber',
      render: (number: string, row) => (
        <DeskLink onClick={() => go({ id: row.id })} label={`查看批次 ${row.excipient.name} ${number}`}>
          <span className="sales-order-number">{number}</span>
        </DeskLink>
      ),
    },
    { title: '产品', key: 'product', render: (_, row) => row.excipient.name },
    {
      title: '规格等级',
      key: 'spec',
      render: (_, row) => (row.spec ? `${row.spec.grade} · ${row.spec.packSize}` : '—'),
    },
    { title: '生产日期', dataIndex: 'manufacturedOn' },
    { title: '有效期至', dataIndex: 'expiresOn' },
    { title: '数量', dataIndex: 'quantity' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: BatchState) => <BatchStatusTag status={s} />,
    },
    {
      title: '检验日期',
      dataIndex: 'testedOn',
      render: (d: string | null) => d ?? '—',
    },
  ];
  return (
    <Desk
      path={paths.adminBatches}
      refresh={list}
      actions={
        canWrite ? (
          <>
            <ImportButton />
            <Button type="primary" onClick={() => go({ id: 'new' })}>
              登记批次
            </Button>
          </>
        ) : undefined
      }
      filters={
        <>
          <DeskSelect
            label="按产品筛选"
            placeholder="全部产品"
            param="excipient"
            value={excipientId ? String(excipientId) : undefined}
            options={(products.data?.items ?? []).map((item) => ({
              value: String(item.id),
              label: item.nameZh,
            }))}
            also={{ id: null }}
          />
          <DeskChoice
            label="批次状态"
            param="status"
            value={status ?? 'all'}
            options={[
              { label: '全部', value: 'all' },
              ...BATCH_STATES.map((s) => ({
                label: batchStateLabels[s],
                value: s,
              })),
            ]}
            also={{ id: null }}
          />
          <DeskSearch label="按批号查找" placeholder="批号" />
        </>
      }
      editor={
        <>
          <BatchDrawer id={typeof openId === 'number' ? openId : undefined} onClose={() => go({ id: null })} />
          <NewBatchDrawer
            open={openId === 'new' && canWrite}
            onClose={() => go({ id: null })}
            onCreated={(batch) => go({ id: batch.id })}
          />
        </>
      }
    >
      <DeskTable
        list={list}
        columns={columns}
        errorTitle="批次加载失败"
        scrollX={960}
        noun={status ? `${batchStateLabels[status]}的批次` : '批次'}
        paging={{ pageSize: ADMIN_BATCHES_PAGE_SIZE, unit: '个' }}
      />
    </Desk>
  );
}

/** 导入 Excel: all rows or none; the server's per-row reasons are listed under the button. */
function NewBatchDrawer({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (batch: Batch) => void }) {
  return (
    <DeskDrawer open={open} onClose={onClose} title="登记批次" width={720}>
      <Suspense fallback={<Skeleton rows={6} />}>
        <NewBatchForm onCreated={onCreated} />
      </Suspense>
    </DeskDrawer>
  );
}

function BatchDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const batch = useQuery({
    ...adminBatchQuery(id ?? 0),
    enabled: id !== undefined,
  });
  return (
    <DeskDrawer
      open={id !== undefined}
      onClose={onClose}
      title={batch.data ? `批次 ${batch.data.excipient.name} ${batch.data.batchNumber}` : '批次'}
      width={960}
    >
      <Suspense fallback={<Skeleton rows={8} />}>
        <DeskItem item={batch} errorTitle="批次加载失败">
          {(data) => <BatchDetail batch={data} />}
        </DeskItem>
      </Suspense>
    </DeskDrawer>
  );
}

function ImportButton() {
  const importing = useImportBatches();
  const [problems, setProblems] = useState<{
    message: string;
    rows: string[];
  }>();
  return (
    <span className="batch-import">
      <Upload
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        showUploadList={false}
        customRequest={({ file }) => {
          setProblems(undefined);
          void importing
            .mutateAsync(file as File)
            .then((result) => toast.success(`已导入 ${result.batches} 个批次、${result.results} 个检验项目`))
            .catch((error: unknown) => {
              const rows = error instanceof ApiError ? error.details.map((issue) => issue.message) : [];
              setProblems({ message: errorMessage(error, '导入失败'), rows });
            });
        }}
      >
        <Button loading={importing.isPending} title={`列：${BATCH_IMPORT_COLUMNS.join('、')}`}>
          导入 Excel
        </Button>
      </Upload>
      {problems ? (
        <Alert
          className="batch-import__problems"
          type="error"
          showIcon
          closable={{
            onClose: () => setProblems(undefined),
            'aria-label': '关闭',
          }}
          title={problems.message}
          description={
            problems.rows.length > 1 ? (
              <ul aria-label="有误的行">
                {problems.rows.map((row) => (
                  <li key={row}>{row}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
    </span>
  );
}
