import { lazy, type ComponentType } from 'react';
import type * as Antd from 'antd';

type AntdName = 'Dropdown' | 'Drawer';

/**
 * An antd component whose code loads when it is first rendered, not with the page (never one the
 * error view needs: it must show when loading code fails): in the browser a
 * chunk of its own (`browser`, a deep import of antd's ES module). The server takes it from antd's
 * main entry, as every other import of antd there: Node cannot load antd's ES modules directly.
 */
export function lazyAntd<Name extends AntdName>(name: Name, browser: () => Promise<{ default: (typeof Antd)[Name] }>) {
  return lazy<ComponentType<React.ComponentProps<(typeof Antd)[Name]>>>(
    () =>
      (import.meta.env.SSR ? import('antd').then((antd) => ({ default: antd[name] })) : browser()) as Promise<{
        default: ComponentType<React.ComponentProps<(typeof Antd)[Name]>>;
      }>,
  );
}
