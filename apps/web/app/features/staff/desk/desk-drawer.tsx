import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-state';
import { useWideScreen } from '../../application/use-wide-screen';
import type { DeskRead } from './desk';

/** The drawer a desk opens one item in: large on wide screens (or `width`), the whole screen on phones. */
export function DeskDrawer({
  open,
  onClose,
  title,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  width?: number;
  children?: ReactNode;
}) {
  const wide = useWideScreen();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={wide ? 'large' : '100%'}
      styles={wide && width ? { wrapper: { width } } : undefined}
      destroyOnHidden
    >
      {children}
    </Drawer>
  );
}

/** One item of a desk, read by its factory: its error with 重试, nothing while it loads, then `children(item)`. */
export function DeskItem<Item>({
  item,
  errorTitle,
  children,
}: {
  item: DeskRead<Item>;
  errorTitle: string;
  children: (item: Item) => ReactNode;
}) {
  if (item.isError) return <LoadError title={errorTitle} error={item.error} onRetry={() => void item.refetch()} />;
  return item.data ? children(item.data) : null;
}
