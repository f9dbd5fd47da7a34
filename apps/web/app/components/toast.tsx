import { useSyncExternalStore } from 'react';
import { StatusSign, type NoticeType } from './notice';
import './toast.css';

/**
 * The site's short messages after an action (已收藏, 保存失败…): one line at the top of the window for
 * three seconds (or as long as asked), read aloud by screen readers (errors at once, others politely). Call `toast.success(…)`
 * from an event handler anywhere; `<Toaster />` in root.tsx shows them. Plain markup, so pages without
 * antd can use it too, and every page's messages look and read the same.
 */
export type ToastType = NoticeType;

interface ToastItem {
  id: number;
  type: ToastType;
  text: string;
}

const SHOWN_SECONDS = 3;
/** More at once would cover the page; the oldest goes first. */
const MAX_SHOWN = 3;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function show(type: ToastType, text: string, seconds = SHOWN_SECONDS): void {
  const id = nextId++;
  publish([...items, { id, type, text }].slice(-MAX_SHOWN));
  setTimeout(() => publish(items.filter((item) => item.id !== id)), seconds * 1000);
}

/** `seconds`: how long it shows (3 unless a longer text needs longer). */
export const toast = {
  success: (text: string, seconds?: number) => show('success', text, seconds),
  info: (text: string, seconds?: number) => show('info', text, seconds),
  warning: (text: string, seconds?: number) => show('warning', text, seconds),
  error: (text: string, seconds?: number) => show('error', text, seconds),
};

const typeNames: Record<ToastType, string> = { success: '成功', info: '提示', warning: '注意', error: '错误' };

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const none: ToastItem[] = [];

/**
 * Where the messages show: both live regions are in the page from the start, so the first message is
 * read too. They carry `aria-live` without the alert and status roles: empty, they are not alerts.
 */
export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => items,
    () => none,
  );
  const list = (urgent: boolean) =>
    shown
      .filter((item) => (item.type === 'error') === urgent)
      .map((item) => (
        <div key={item.id} className={`toast toast--${item.type}`}>
          <StatusSign type={item.type} />
          <span className="visually-hidden">{typeNames[item.type]}：</span>
          {item.text}
        </div>
      ));
  return (
    <div className="toaster">
      <div aria-live="assertive" className="toaster__region">
        {list(true)}
      </div>
      <div aria-live="polite" className="toaster__region">
        {list(false)}
      </div>
    </div>
  );
}
