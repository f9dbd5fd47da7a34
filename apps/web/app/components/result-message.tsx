import { StopOutlined, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './result-message.css';

/**
 * What a page says in place of its content when it cannot show it (a record that is not there, a
 * desk the account may not use): antd's Result look in plain markup, so that the pages showing it do
 * not load antd's Result for it. `actions` are links styled as buttons.
 */
export function ResultMessage({
  kind,
  title,
  text,
  actions,
}: {
  kind: 'missing' | 'forbidden';
  title: string;
  text: string;
  actions: ReactNode;
}) {
  return (
    <div className={`result-message result-message--${kind}`}>
      {kind === 'missing' ? <WarningFilled aria-hidden className="result-message__icon" /> : <StopOutlined aria-hidden className="result-message__icon" />}
      <div className="result-message__title">{title}</div>
      <div className="result-message__text">{text}</div>
      <div className="result-message__actions">{actions}</div>
    </div>
  );
}
