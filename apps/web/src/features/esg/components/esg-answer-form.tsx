import {
  answerErrors,
  type EsgAnswer,
  type EsgAnswers,
  type EsgFormDefinition,
  orderedItems,
  questionCode,
  sectionProgress,
} from '@excelencia/domain';
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { confirmAction } from '../../../ui/confirm.tsx';
import { fieldErrorsOf } from '../../../ui/form/field-errors.ts';
import { messageText } from '../../../ui/form/zod-resolver.ts';
import { notifyError, notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useSaveAnswersMutation, useSubmitAnswersMutation } from '../queries.ts';
import { EsgQuestionField } from './esg-question-field.tsx';

/** How long typing must pause before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 800;
/** How long to wait before trying a failed save again. */
const RETRY_DELAY_MS = 5000;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Keeps the answers on the server as the company types: each change restarts a short timer, then the whole set
 * is PUT as the draft (only the latest set, never two saves at once). A failed save retries by itself; leaving
 * the page (hidden tab, closing) saves what is pending at once. So a reload or an expired session loses at most
 * the last keystrokes.
 */
function useDraftSaver(companyId: string, formId: string, initial: EsgAnswers) {
  const save = useSaveAnswersMutation(companyId, formId);
  const [answers, setAnswers] = useState<EsgAnswers>(initial);
  const [state, setState] = useState<SaveState>('idle');
  const pending = useRef<EsgAnswers | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const mutate = save.mutateAsync;

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    if (running.current) await running.current;
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    setState('saving');
    running.current = mutate(next)
      .then(() => setState(pending.current ? 'saving' : 'saved'))
      .catch((error: unknown) => {
        // Keep the unsaved answers unless newer ones are already waiting.
        pending.current ??= next;
        setState('failed');
        if (error instanceof ApiError && error.status < 500 && error.status !== 401) {
          notifyApiError(error);
          return;
        }
        timer.current = setTimeout(() => void flush(), RETRY_DELAY_MS);
      })
      .finally(() => {
        running.current = null;
      });
    await running.current;
  }, [mutate]);

  const change = useCallback(
    (next: EsgAnswers) => {
      setAnswers(next);
      pending.current = next;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    const leave = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', leave);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', leave);
      window.removeEventListener('pagehide', leave);
      void flush();
    };
  }, [flush]);

  return { answers, change, flush, state };
}

function SaveStatus({ state }: { state: SaveState }) {
  const t = useTranslate();
  const text =
    state === 'saving'
      ? t('esg:company.saving')
      : state === 'saved'
        ? t('esg:company.savedAt')
        : state === 'failed'
          ? t('esg:company.saveFailed')
          : '';
  return (
    <Text
      size="sm"
      c={state === 'failed' ? 'red.9' : 'gray.7'}
      role="status"
      data-testid="esg-save-state"
      data-state={state}
    >
      {text}
    </Text>
  );
}

/**
 * The company's form: the three sections with their progress, every question in its control, the draft saved
 * automatically, and Submit, which checks the required questions ('Mandatory Field') before asking to confirm.
 */
export function EsgAnswerForm({
  companyId,
  formId,
  definition,
  initial,
}: {
  companyId: string;
  formId: string;
  definition: EsgFormDefinition;
  initial: EsgAnswers;
}) {
  const t = useTranslate();
  const { answers, change, flush, state } = useDraftSaver(companyId, formId, initial);
  const submit = useSubmitAnswersMutation(companyId, formId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const progress = sectionProgress(definition, answers);

  const setAnswer = (key: string, answer: EsgAnswer) => {
    change({ ...answers, [key]: answer });
    if (errors[key]) {
      const { [key]: _cleared, ...rest } = errors;
      setErrors(rest);
    }
  };

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    notifyError(t('esg:company.requiredMissing'));
    const first = Object.keys(found)[0];
    if (first) {
      const element = document.querySelector<HTMLElement>(`[data-testid="esg-question-${first}"]`);
      element?.scrollIntoView({ block: 'center' });
      element?.querySelector<HTMLElement>('input, textarea')?.focus({ preventScroll: true });
    }
  };

  const onSubmit = () => {
    const found = answerErrors(definition, answers, { final: true });
    if (Object.keys(found).length > 0) {
      showErrors(
        Object.fromEntries(Object.entries(found).map(([key, message]) => [key, messageText(message, t)])),
      );
      return;
    }
    confirmAction({
      title: t('esg:company.submit'),
      message: t('esg:company.submitConfirm'),
      confirmLabel: t('esg:company.submit'),
      onConfirm: async () => {
        try {
          await flush();
          await submit.mutateAsync();
          notifySuccess(t('esg:company.submitted'));
        } catch (error) {
          const questions = definition.sections.flatMap((section) =>
            section.questions.map((question) => `answers.${question.id}`),
          );
          const found = fieldErrorsOf(error, questions, t);
          if (found) {
            showErrors(
              Object.fromEntries(
                Object.entries(found).map(([path, message]) => [path.replace(/^answers\./, ''), message]),
              ),
            );
          } else {
            notifyApiError(error);
          }
        }
      },
    });
  };

  return (
    <Stack gap="lg" data-testid="esg-answer-form">
      {definition.sections.map((section, index) => {
        const sectionTitle = t(`esg:pillars.${section.pillar}`);
        const done = progress[index] ?? { answered: 0, total: 0 };
        return (
          <Paper
            key={section.pillar}
            withBorder
            radius="md"
            p={{ base: 'sm', sm: 'lg' }}
            component="section"
            aria-labelledby={`esg-section-${section.pillar}`}
            data-testid={`esg-section-${section.pillar}`}
          >
            <Group justify="space-between" align="baseline" mb="xs" wrap="wrap">
              <Title order={2} size="h3" id={`esg-section-${section.pillar}`}>
                {sectionTitle}
              </Title>
              <Text size="sm" c="gray.7" data-testid={`esg-progress-${section.pillar}`}>
                {t('esg:company.progress', { answered: done.answered, total: done.total })}
              </Text>
            </Group>
            <Progress
              value={done.total ? (done.answered / done.total) * 100 : 0}
              mb="md"
              aria-label={t('esg:company.progressLabel', { section: sectionTitle })}
            />
            <Stack gap="lg">
              {orderedItems(section.questions).map((question) => (
                <EsgQuestionField
                  key={question.id}
                  question={question}
                  code={questionCode(section.pillar, question.order)}
                  answer={answers[question.id]}
                  error={errors[question.id]}
                  onChange={(answer) => setAnswer(question.id, answer)}
                />
              ))}
            </Stack>
          </Paper>
        );
      })}
      {Object.keys(errors).length > 0 ? (
        <Alert color="red.9" variant="light" data-testid="esg-errors">
          {t('esg:company.requiredMissing')}
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <SaveStatus state={state} />
        <Button
          leftSection={<IconSend size={18} />}
          onClick={onSubmit}
          loading={submit.isPending}
          data-testid="esg-submit"
        >
          {t('esg:company.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
