import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** 刷新: reads a query again; spins while a refetch (not the first load) is under way. */
export function RefreshButton({
  query,
  className,
}: {
  query: { isFetching: boolean; isPending: boolean; refetch: () => Promise<unknown> };
  className?: string;
}) {
  return (
    <Button
      className={className}
      icon={<ReloadOutlined aria-hidden />}
      loading={query.isFetching && !query.isPending}
      onClick={() => void query.refetch()}
    >
      刷新
    </Button>
  );
}
