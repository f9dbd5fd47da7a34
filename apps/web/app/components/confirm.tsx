import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';

/** What a confirmation asks: its question, what follows from it, and what the buttons say. */
export interface ConfirmOptions {
  title: string;
  content: ReactNode;
  okText: string;
  cancelText?: string;
  /** The action cannot be undone (withdraw, refund): the button is red. */
  danger?: boolean;
  /** Runs on the confirm button; the button spins until it settles, then the dialog closes. */
  onOk: () => Promise<unknown> | void;
}

const ConfirmDialog = lazy(() => import('./confirm-dialog'));

/**
 * A question before an action, in a dialog (antd's Modal) that loads when it is first asked, not
 * with the page: `const [confirm, holder] = useConfirm()`, `confirm({ title, content, okText, onOk })`,
 * and `holder` rendered where the component renders (inside antd's scope, so the dialog has its
 * theme and locale).
 */
export function useConfirm(): [confirm: (options: ConfirmOptions) => void, holder: ReactNode] {
  const [asked, setAsked] = useState<{ options: ConfirmOptions; open: boolean } | undefined>();
  const confirm = useCallback((options: ConfirmOptions) => setAsked({ options, open: true }), []);
  const holder = asked ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        {...asked.options}
        open={asked.open}
        onClose={() => setAsked((current) => current && { ...current, open: false })}
        afterClose={() => setAsked(undefined)}
      />
    </Suspense>
  ) : null;
  return [confirm, holder];
}
