import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestIntersectionObserver } from '../../../testing/intersection.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { RichTextField } from './rich-text-field.tsx';

// Tiptap itself is not what is tested here: when an editor is created is.
vi.mock('./rich-text-editor.tsx', () => ({
  RichTextEditorField: ({
    label,
    testId,
    autoFocus,
  }: {
    label: string;
    testId?: string;
    autoFocus?: boolean;
  }) => (
    <textarea
      aria-label={label}
      data-testid={testId}
      data-editor="tiptap"
      data-autofocus={autoFocus ? 'true' : 'false'}
    />
  ),
}));

function fields() {
  return renderWithApp(
    <>
      <RichTextField
        value="<p>Olá</p>"
        onChange={() => {}}
        label="Texto (Português)"
        lang="pt"
        testId="body-pt"
      />
      <RichTextField value="" onChange={() => {}} label="Text (English)" lang="en" testId="body-en" />
    </>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a rich-text field', () => {
  beforeEach(() => {
    TestIntersectionObserver.reset();
    vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
  });

  it('is a named, focusable box of the editor size until it nears the viewport, then its editor', async () => {
    fields();
    const pt = screen.getByRole('textbox', { name: 'Texto (Português)' });
    expect(pt.dataset.editor).toBeUndefined();
    expect(pt.tabIndex).toBe(0);
    expect(pt.getAttribute('lang')).toBe('pt');
    expect(pt.getAttribute('style')).toContain('height: calc(13.125rem');
    expect(document.querySelector('[data-editor]')).toBeNull();

    TestIntersectionObserver.scrollInto(pt);
    const editor = await screen.findByTestId('body-pt');
    expect(editor.dataset.editor).toBe('tiptap');
    expect(editor.dataset.autofocus).toBe('false');
    // The other field is still waiting.
    expect(screen.getByTestId('body-en').dataset.editor).toBeUndefined();
  });

  it('becomes its editor with the focus when reached with the keyboard before it is scrolled to', async () => {
    fields();
    fireEvent.focus(screen.getByRole('textbox', { name: 'Text (English)' }));
    const editor = await screen.findByRole('textbox', { name: 'Text (English)' });
    await vi.waitFor(() => expect(screen.getByTestId('body-en').dataset.editor).toBe('tiptap'));
    expect(screen.getByTestId('body-en').dataset.autofocus).toBe('true');
    expect(editor).toBeDefined();
  });
});

describe('a rich-text field without IntersectionObserver', () => {
  it('is its editor at once', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    fields();
    expect((await screen.findByTestId('body-pt')).dataset.editor).toBe('tiptap');
    expect((await screen.findByTestId('body-en')).dataset.editor).toBe('tiptap');
  });
});
