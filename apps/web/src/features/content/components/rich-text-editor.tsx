import { CONTENT_LENGTHS } from '@excelencia/domain';
import '@mantine/tiptap/styles.css';
import { Button, FileButton, Popover, Progress, Stack, Text, TextInput } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { IconPhoto, IconPhotoUp } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from '../../../ui/use-translate.ts';
import { uploadImage } from '../api.ts';
import { IMAGE_TYPES } from './image-upload.tsx';

/**
 * The toolbar's picture button: a description (alt text) first, then the file, uploaded with its progress; the
 * server's WebP is placed at the cursor. Only the site's own uploaded images pass the server's allow-list.
 */
function InsertImageControl({ editor, testId }: { editor: Editor | null; testId?: string }) {
  const t = useTranslate();
  const [opened, setOpened] = useState(false);
  const [alt, setAlt] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    setProblem(null);
    if (!file || !editor) return;
    if (!IMAGE_TYPES.split(',').includes(file.type)) {
      setProblem(t('contentAdmin:image.wrongType'));
      return;
    }
    setProgress(0);
    try {
      const image = await uploadImage(file, setProgress);
      editor.chain().focus().setImage({ src: image.url, alt: alt.trim() }).run();
      setAlt('');
      setOpened(false);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom" withArrow shadow="md">
      <Popover.Target>
        <RichTextEditor.Control
          onClick={() => setOpened((open) => !open)}
          aria-label={t('contentAdmin:editor.image')}
          title={t('contentAdmin:editor.image')}
          data-testid={testId ? `${testId}-image` : undefined}
        >
          <IconPhoto size={16} stroke={1.5} aria-hidden="true" />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={260}>
          <TextInput
            label={t('contentAdmin:editor.imageAlt')}
            description={t('contentAdmin:editor.imageAltHint')}
            value={alt}
            maxLength={CONTENT_LENGTHS.title}
            onChange={(event) => setAlt(event.currentTarget.value)}
          />
          <FileButton
            onChange={(file) => void choose(file)}
            accept={IMAGE_TYPES}
            disabled={progress !== null}
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                loading={progress !== null}
                leftSection={<IconPhotoUp size={14} aria-hidden="true" />}
              >
                {t('contentAdmin:image.choose')}
              </Button>
            )}
          </FileButton>
          {progress !== null ? (
            <Progress value={Math.round(progress * 100)} aria-label={t('contentAdmin:image.uploading')} />
          ) : null}
          {problem ? (
            <Text size="xs" c="red.9" role="alert">
              {problem}
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

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
  /** Takes the focus once created (the field was focused before its editor was there). */
  autoFocus?: boolean;
}

/** What Tiptap writes for a cleared document: treated as no text at all. */
const EMPTY_DOCUMENT = '<p></p>';

/**
 * The content manager's rich-text editor (Tiptap with Mantine's toolbar): headings, emphasis, lists, quotes,
 * links and images already on the page. Only the tags the server keeps are offered. This module is heavy
 * (ProseMirror): it is imported only through RichTextField's lazy import, from the content pages.
 */
export function RichTextEditorField({
  value,
  onChange,
  label,
  lang,
  invalid,
  testId,
  autoFocus = false,
}: RichTextEditorProps) {
  const t = useTranslate();
  const editor = useEditor({
    autofocus: autoFocus ? 'end' : false,
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
          <InsertImageControl editor={editor} testId={testId} />
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
