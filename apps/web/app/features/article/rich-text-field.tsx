import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '../../components/load-state';

/** The editor (tiptap and its toolbar, the largest script of the staff console) loads when its field is shown. */
const RichTextEditor = lazy(() => import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })));

/** The rich-text editor as a form field: grey lines while its script loads, then the editor (rich-text-editor.tsx). */
export function RichTextField(props: ComponentProps<typeof RichTextEditor>) {
  return (
    <Suspense fallback={<Skeleton rows={6} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
