import {
  APPLICATION_MESSAGE_MAX_LENGTH,
  type ApplicationMessage,
  ApplicationMessageRequest,
  type ApplicationMessageSide,
} from '@excelencia/domain';
import { Box, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMessages, IconSend } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { keepFocusOnPage } from '../../../ui/focus-fallback.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { RoleNote } from '../../teams/index.ts';
import { shortDateTime } from '../components/results-format.ts';
import type { ThreadScope } from './api.ts';
import { useMessagesQuery, usePostMessageMutation } from './queries.ts';

function MessageItem({
  message,
  own,
  sideLabel,
}: {
  message: ApplicationMessage;
  own: boolean;
  sideLabel: boolean;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const author = message.authorName ?? t('applicationMessages:unknownAuthor');
  return (
    <Box
      component="li"
      data-testid="message"
      data-side={message.side}
      data-own={own}
      style={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }}
    >
      <Paper
        withBorder
        radius="md"
        p="xs"
        maw="85%"
        bg={own ? 'var(--mantine-color-brand-0)' : 'var(--mantine-color-gray-0)'}
        style={{ borderInlineStartWidth: own ? undefined : 4 }}
      >
        <Text size="xs" c="gray.7" component="p" m={0}>
          <Text span fw={700} c="dark.9" size="xs">
            {author}
          </Text>
          {sideLabel ? ` · ${t(`applicationMessages:sides.${message.side}`)} · ` : ' · '}
          <time dateTime={message.createdAt}>{shortDateTime(message.createdAt, language)}</time>
        </Text>
        <Text
          size="sm"
          mt={4}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="message-body"
        >
          {message.body}
        </Text>
      </Paper>
    </Box>
  );
}

/** The text box and Send; Ctrl+Enter (⌘+Enter) sends from the text box. */
function Composer({ scope }: { scope: ThreadScope }) {
  const t = useTranslate();
  const post = usePostMessageMutation(scope);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const sendButton = useRef<HTMLButtonElement>(null);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (post.isPending) return;
    // The server's own rule (ApplicationMessageRequest): something to say, once trimmed.
    const parsed = ApplicationMessageRequest.safeParse({ body });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation:required'));
      return;
    }
    setError(null);
    post.mutate(parsed.data.body, {
      onSuccess: () => {
        setBody('');
        notifySuccess(t('applicationMessages:sent'));
      },
      onError: (failure) => notifyApiError(failure),
      // Send, pressed, was disabled while it sent and so lost the focus: it has it back (after the render that
      // enables it again). Sent with Ctrl+Enter, the focus stayed in the text box.
      onSettled: () => window.setTimeout(() => keepFocusOnPage(sendButton.current)),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
  };

  return (
    <form onSubmit={send} noValidate data-testid="message-form">
      <Stack gap="xs">
        <Textarea
          label={t('applicationMessages:label')}
          placeholder={t('applicationMessages:placeholder')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={APPLICATION_MESSAGE_MAX_LENGTH}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          error={error}
          aria-describedby={hintId}
          data-testid="message-input"
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="gray.7" id={hintId}>
            {t('applicationMessages:hint', { max: APPLICATION_MESSAGE_MAX_LENGTH })}
          </Text>
          <Button
            ref={sendButton}
            type="submit"
            leftSection={<IconSend size={16} aria-hidden="true" />}
            loading={post.isPending}
            data-testid="message-send"
          >
            {t('applicationMessages:send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The thread of an application between the company and the evaluators, oldest first with the newest at the
 * bottom; the reader's own side's messages sit on the right, the other side's on the left with a wider border,
 * each naming its side in words. `canWrite` false (a viewer) shows the thread with the role note instead of the
 * text box.
 */
export function MessageThread({
  scope,
  canWrite,
  headingOrder = 2,
}: {
  scope: ThreadScope;
  canWrite: boolean;
  headingOrder?: 2 | 3;
}) {
  const t = useTranslate();
  const thread = useMessagesQuery(scope);
  const own: ApplicationMessageSide = scope.kind === 'company' ? 'company' : 'evaluator';
  const titleId = useId();
  let list: React.ReactNode;
  if (thread.isError && !thread.data) {
    list = <LoadFailed onRetry={() => void thread.refetch()} />;
  } else if (!thread.data) {
    list = <Skeleton height={60} radius="sm" aria-label={t('applicationMessages:loading')} />;
  } else if (thread.data.length === 0) {
    list = (
      <Text size="sm" c="gray.7" data-testid="messages-empty">
        {t('applicationMessages:empty')}
      </Text>
    );
  } else {
    list = (
      // Newest at the bottom: a reversed flex column around the list opens scrolled to its end and stays there as
      // messages arrive, while the list itself keeps the reading order (oldest first). Focusable, so the
      // keyboard scrolls it.
      <Box
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        data-testid="messages-scroll"
        style={{ display: 'flex', flexDirection: 'column-reverse', maxHeight: 420, overflowY: 'auto' }}
      >
        <Stack
          component="ol"
          gap="xs"
          aria-label={t('applicationMessages:listLabel')}
          data-testid="messages"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {thread.data.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              own={message.side === own}
              // A company reads the evaluators' messages under the evaluation team's name: that names the side.
              sideLabel={scope.kind === 'admin' || message.side === 'company'}
            />
          ))}
        </Stack>
      </Box>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId} data-testid="message-thread">
      <Title order={headingOrder} size={headingOrder === 2 ? 'h3' : 'h4'} id={titleId}>
        {t('applicationMessages:title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t(scope.kind === 'company' ? 'applicationMessages:intro' : 'applicationMessages:adminIntro')}
      </Text>
      {list}
      {canWrite ? <Composer scope={scope} /> : <RoleNote need="prepare" />}
    </Stack>
  );
}

/** The thread of an earlier application, behind a button, so the page does not read every thread at once. */
export function ThreadToggle({ scope, canWrite }: { scope: ThreadScope; canWrite: boolean }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconMessages size={16} aria-hidden="true" />}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          data-testid="thread-toggle"
        >
          {t(open ? 'applicationMessages:hide' : 'applicationMessages:show')}
        </Button>
      </Group>
      <div id={panelId}>
        {open ? <MessageThread scope={scope} canWrite={canWrite} headingOrder={3} /> : null}
      </div>
    </Stack>
  );
}
