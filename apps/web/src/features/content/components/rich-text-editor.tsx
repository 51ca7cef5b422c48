import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo } from 'react';
import { useTranslate } from '../../../ui/use-translate.ts';

export interface RichTextEditorProps {
  /** HTML as the server keeps it (cleaned with its allow-list at write). */
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the editing area (e.g. 'Body (English)'). */
  label: string;
  /** Language of the text, so spelling and screen readers use the right one. */
  lang: string;
  invalid?: boolean;
  testId?: string;
}

/** What Tiptap writes for a cleared document: treated as no text at all. */
const EMPTY_DOCUMENT = '<p></p>';

/**
 * The content manager's rich-text editor (Tiptap with Mantine's toolbar): headings, emphasis, lists, quotes,
 * links and images already on the page. Only the tags the server keeps are offered. This module is heavy
 * (ProseMirror): it is imported only through RichTextField's lazy import, from the content pages.
 */
export function RichTextEditorField({ value, onChange, label, lang, invalid, testId }: RichTextEditorProps) {
  const t = useTranslate();
  const editor = useEditor({
    extensions: [
      // Link comes from @mantine/tiptap (keyboard shortcut for its link editor).
      StarterKit.configure({ link: false, code: false, codeBlock: false, heading: { levels: [2, 3] } }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
      Image.configure({ inline: false }),
    ],
    content: value,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        lang,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      onChange(html === EMPTY_DOCUMENT ? '' : html);
    },
  });

  // A value set from outside (a reset, a loaded item) replaces the document; typing does not loop back.
  useEffect(() => {
    if (!editor) return;
    const current = editor.getHTML();
    const normalized = current === EMPTY_DOCUMENT ? '' : current;
    if (normalized !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('contentAdmin:editor.bold'),
      italicControlLabel: t('contentAdmin:editor.italic'),
      underlineControlLabel: t('contentAdmin:editor.underline'),
      strikeControlLabel: t('contentAdmin:editor.strike'),
      clearFormattingControlLabel: t('contentAdmin:editor.clearFormatting'),
      h2ControlLabel: t('contentAdmin:editor.h2'),
      h3ControlLabel: t('contentAdmin:editor.h3'),
      bulletListControlLabel: t('contentAdmin:editor.bulletList'),
      orderedListControlLabel: t('contentAdmin:editor.orderedList'),
      blockquoteControlLabel: t('contentAdmin:editor.blockquote'),
      hrControlLabel: t('contentAdmin:editor.hr'),
      linkControlLabel: t('contentAdmin:editor.link'),
      unlinkControlLabel: t('contentAdmin:editor.unlink'),
      undoControlLabel: t('contentAdmin:editor.undo'),
      redoControlLabel: t('contentAdmin:editor.redo'),
      linkEditorInputLabel: t('contentAdmin:editor.linkUrl'),
      linkEditorInputPlaceholder: 'https://…',
      linkEditorExternalLink: t('contentAdmin:editor.linkExternal'),
      linkEditorInternalLink: t('contentAdmin:editor.linkInternal'),
      linkEditorSave: t('contentAdmin:editor.linkSave'),
    }),
    [t],
  );

  return (
    <RichTextEditor
      editor={editor}
      labels={labels}
      style={invalid ? { borderColor: 'var(--mantine-color-red-9)' } : undefined}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={160} />
    </RichTextEditor>
  );
}
