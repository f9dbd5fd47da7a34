import type { ReactNode } from 'react';
import './notice.css';

export type NoticeType = 'info' | 'success' | 'warning' | 'error';

const glyphs: Record<NoticeType, string> = { success: '✓', info: 'i', warning: '!', error: '×' };

/** The round sign of a message's kind (✓ i ! ×), in its colour; the words beside it say what happened. */
export function StatusSign({ type, large = false }: { type: NoticeType; large?: boolean }) {
  return (
    <span className={`status-sign status-sign--${type}${large ? ' status-sign--large' : ''}`} aria-hidden>
      {glyphs[type]}
    </span>
  );
}

/**
 * A message that stays in the page (登录后可查看, 加载失败 + 重试, 已加入样品车): a coloured band with a
 * sign, a title, an optional description and a way on at the end. Plain markup in antd's alert look, so
 * public pages show it without antd. Warnings and errors are announced when they appear (`role="alert"`).
 */
export function Notice({
  type = 'info',
  title,
  description,
  action,
  className,
}: {
  type?: NoticeType;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={['notice', `notice--${type}`, description ? 'notice--with-description' : '', className ?? ''].filter(Boolean).join(' ')}
      role={type === 'warning' || type === 'error' ? 'alert' : undefined}
    >
      <StatusSign type={type} large={Boolean(description)} />
      <div className="notice__body">
        <div className="notice__title">{title}</div>
        {description ? <div className="notice__description">{description}</div> : null}
      </div>
      {action ? <div className="notice__action">{action}</div> : null}
    </div>
  );
}
