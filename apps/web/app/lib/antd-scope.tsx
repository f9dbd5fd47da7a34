import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { componentIcons } from '../site/component-icons';
import { theme } from '../site/theme';
// antd's stylesheet, made at build time (0029) in the cascade layer `antd` (0048), and the site's rules for
// antd's components, outside it: they load with the pages and parts inside this scope only.
import 'virtual:antd.css';
import '../styles/antd-overrides.css';

dayjs.locale('zh-cn');

/**
 * What antd's components need around them: the Chinese locale, the site's theme (its CSS-variable key
 * matches the build's stylesheet) and the icons antd draws in its controls. No `App` context: short
 * messages are the site's own toast (components/toast.tsx) and questions before an action its
 * `useConfirm` (components/confirm.tsx), whose dialog loads when asked. The public shell (root,
 * default layout, header, side panel, footer, home, error view) loads without antd; this scope is
 * around the pages and parts that show antd's components (routes.ts, the header's account menu and
 * phone drawer). See docs/decisions/0036-an-antd-free-public-shell.md.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} {...componentIcons}>
      {children}
    </ConfigProvider>
  );
}
