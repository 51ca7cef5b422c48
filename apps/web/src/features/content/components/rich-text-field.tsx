import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

/** Tiptap and ProseMirror load with the first editor shown, in their own chunk. */
const LazyEditor = lazy(async () => ({
  default: (await import('./rich-text-editor.tsx')).RichTextEditorField,
}));

/** The rich-text editor, loaded on first use; a placeholder of its size shows meanwhile. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={210} radius="sm" data-testid="rich-text-loading" />}>
      <LazyEditor {...props} />
    </Suspense>
  );
}
