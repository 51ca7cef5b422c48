import { Box, Skeleton } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

/** Tiptap and ProseMirror load with the first editor shown, in their own chunk, once for every field. */
const LazyEditor = lazy(async () => ({
  default: (await import('./rich-text-editor.tsx')).RichTextEditorField,
}));

/** The editor's height (toolbar and editing area), kept by the field before the editor is there. */
const EDITOR_HEIGHT = 210;

/**
 * The rich-text editor, created when its field nears the viewport or takes the focus: a screen of nine
 * editors (three fields in three languages) created them all at once and kept a phone busy for seconds. Until
 * then the field is an empty box of the editor's size, named and focusable like the editor, which it becomes
 * (keeping the focus) when reached. Without IntersectionObserver the editor is created at once.
 */
export function RichTextField(props: RichTextEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const [focusOnMount, setFocusOnMount] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  if (!shown) {
    return (
      <Box
        ref={box}
        h={EDITOR_HEIGHT}
        role="textbox"
        aria-label={props.label}
        aria-multiline="true"
        aria-invalid={props.invalid || undefined}
        lang={props.lang}
        tabIndex={0}
        data-testid={props.testId}
        data-rich-text-placeholder=""
        onFocus={() => {
          setFocusOnMount(true);
          setShown(true);
        }}
        style={{
          border: `1px solid ${props.invalid ? 'var(--mantine-color-red-9)' : 'var(--mantine-color-gray-4)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      />
    );
  }
  return (
    <Suspense fallback={<Skeleton height={EDITOR_HEIGHT} radius="sm" data-testid="rich-text-loading" />}>
      <LazyEditor {...props} autoFocus={focusOnMount} />
    </Suspense>
  );
}
