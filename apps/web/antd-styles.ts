import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createElement, type ReactElement } from 'react';

/**
 * Components of antd that others render inside themselves (a table's pager and filters, an upload's
 * progress, confirm dialogs' buttons): their styles are needed wherever the outer one is used.
 */
const renderedByOthers = [
  'Button',
  'Checkbox',
  'Dropdown',
  'Empty',
  'Input',
  'Menu',
  'Pagination',
  'Popover',
  'Progress',
  'Radio',
  'Select',
  'Space',
  'Spin',
  'Tooltip',
  'message',
  'notification',
];

/** The antd components the app's sources import by name (`import { Table, Form } from 'antd'`). */
export async function antdComponentsUsed(appDirectory: string): Promise<string[]> {
  const names = new Set(renderedByOthers);
  const files = (await readdir(appDirectory, { recursive: true })).filter((file) => /\.tsx?$/.test(file));
  for (const file of files) {
    const source = await readFile(path.join(appDirectory, file), 'utf8');
    for (const [, list = ''] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
      for (const item of list.split(',').map((part) => part.trim())) {
        // `Button`, `Button as AntButton`; not `type ButtonProps`.
        const name = item.split(/\s+as\s+/)[0] ?? '';
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** The CSS of those components under the site's theme and locale (made with run-time styles on, as the tool needs). */
export async function extractAntdStyles(appDirectory: string): Promise<string> {
  const [{ extractStyle }, { ConfigProvider }, { default: zhCN }, { theme }] = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('antd'),
    import('antd/locale/zh_CN.js'),
    import('./app/site/theme.ts'),
  ]);
  const includes = await antdComponentsUsed(appDirectory);
  const styles = extractStyle({
    includes,
    customTheme: (node: ReactElement) => createElement(ConfigProvider, { locale: zhCN, theme: { ...theme, zeroRuntime: false } }, node),
  });
  return styles;
}
