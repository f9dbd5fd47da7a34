import type { ThemeConfig } from 'antd';

/** Tooltip maximum width, in px. */
export const TOOLTIP_MAX_WIDTH = 250;

/** The 7th shade of preset colours (a tag's text), under both of its names. */
function darkerTagText(colors: Record<'green' | 'orange' | 'gold' | 'cyan' | 'volcano' | 'lime', string>): ThemeConfig['token'] {
  return Object.fromEntries(
    Object.entries(colors).flatMap(([name, color]) => [
      [`${name}7`, color],
      [`${name}-7`, color],
    ]),
  );
}

/** The site's antd theme. Everything not listed keeps antd's defaults (message 3 s, notification 4.5 s, tooltip 250 px). */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0b6aa8',
    colorLink: '#0b6aa8',
    borderRadius: 6,
    // Text greys and colours that read at 4.5:1 or more (WCAG AA) on white and on the page's #f4f6f9:
    // antd's 45 % black (descriptions, breadcrumbs, labels) reads at 3.4:1, its placeholders at 1.8:1,
    // its red at 3.3:1, and tags' text in green, orange, gold, cyan, volcano and lime at 2.5–4.4:1.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: '#cf1322',
    // (Each palette colour has two names, e.g. green7 and green-7, which give the same CSS variable: both are set.)
    ...darkerTagText({ green: '#237804', orange: '#ad4e00', gold: '#874d00', cyan: '#006d75', volcano: '#ad2102', lime: '#3f6600' }),
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
    // The chosen item of a menu (the account menu): the brand's light blue, under which its text reads at 5:1.
    Menu: { itemSelectedBg: '#e8f2fa' },
  },
};

export const brandColor = '#0b6aa8';
