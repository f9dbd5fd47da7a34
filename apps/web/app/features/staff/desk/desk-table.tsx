import { Button, Table } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-state';
import type { DeskPage, DeskRead } from './desk';
import { useDeskQuery } from './desk-query';

/**
 * The list of a desk: an antd table of the read's rows, its error with 重试 in its place, and with
 * `paging` the server's pages (the page is the address's `page`; `unit` counts the total: 共 12 个).
 * `noun` says an empty list: 没有找到与“关键词”相关的{noun} when searching, else 暂无{noun}; `empty`
 * says it otherwise.
 */
export function DeskTable<Row extends object>({
  list,
  columns,
  errorTitle,
  scrollX,
  paging,
  noun,
  empty,
  expandable,
}: {
  list: DeskRead<DeskPage<Row>>;
  columns: ColumnsType<Row>;
  errorTitle: string;
  scrollX: number;
  paging?: { pageSize: number; unit: string };
  noun?: string;
  empty?: string;
  expandable?: TableProps<Row>['expandable'];
}) {
  const { keyword, page, go } = useDeskQuery();
  if (list.isError) return <LoadError title={errorTitle} error={list.error} onRetry={() => void list.refetch()} />;
  const emptyText = empty ?? (noun === undefined ? undefined : keyword ? `没有找到与“${keyword}”相关的${noun}` : `暂无${noun}`);
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list.data?.items}
      loading={list.isPending}
      scroll={{ x: scrollX }}
      expandable={expandable}
      locale={emptyText === undefined ? undefined : { emptyText }}
      pagination={
        paging
          ? {
              current: page,
              pageSize: paging.pageSize,
              total: list.data?.totalCount ?? 0,
              showSizeChanger: false,
              showTotal: (total) => `共 ${total} ${paging.unit}`,
              onChange: (next) => go({ page: next }),
            }
          : false
      }
    />
  );
}

/** The link of a row that opens it (its name or number), named for what it does: 编辑产品 …, 查看订单 …. */
export function DeskLink({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button type="link" className="staff-desk__link" onClick={onClick} aria-label={label}>
      {children}
    </Button>
  );
}
