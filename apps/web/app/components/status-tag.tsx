import './status-tag.css';

export type StatusTagColor = 'default' | 'green' | 'blue' | 'orange' | 'gold' | 'red';

/**
 * A short status label (现行, 会员, …) on the public pages, in antd's tag look with the site's readable
 * text colours, drawn by the site's CSS (public pages show no antd). `title`: the full name
 * of an abbreviation (ChP → 中国药典), shown on hover.
 */
export function StatusTag({ color = 'default', title, children }: { color?: StatusTagColor; title?: string; children: string }) {
  return (
    <span className={`status-tag status-tag--${color}`} title={title}>
      {children}
    </span>
  );
}
