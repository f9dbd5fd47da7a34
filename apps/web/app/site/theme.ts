import type { ThemeConfig } from 'antd';

/** Tooltip maximum width, in px. */
export const TOOLTIP_MAX_WIDTH = 250;

/** The site's antd theme. Everything not listed keeps antd's defaults (message 3 s, notification 4.5 s, tooltip 250 px). */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0b6aa8',
    colorLink: '#0b6aa8',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  // antd's styles come from the stylesheet made at build time (vite-plugins.ts): components neither
  // compute nor insert styles at run time, on the server or in the browser.
  zeroRuntime: true,
  // A fixed key for the CSS variables' class: the same in that stylesheet and on every page.
  cssVar: { key: 'css-var-site' },
  components: {
    // The specification's tooltip width (antd's default too), pinned so that an upgrade cannot change it.
    Tooltip: { maxWidth: TOOLTIP_MAX_WIDTH },
  },
};

export const brandColor = '#0b6aa8';
