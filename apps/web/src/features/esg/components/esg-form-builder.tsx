import {
  ESG_FORM_STATUSES,
  ESG_QUESTION_TYPES,
  type EsgForm,
  EsgFormInput,
  type EsgMatrixRow,
  type EsgOption,
  type EsgQuestion,
  type EsgQuestionType,
  LANGUAGES,
  type Language,
} from '@excelencia/domain';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { WARNING_ORANGE } from '../../../ui/colors.ts';
import { LocalizedTextField } from '../../../ui/form/fields.tsx';
import { hasFieldPath, serverFieldErrors, zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifyError, notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { editionLabel } from '../../applications/edition-label.ts';
import { useEditionsQuery } from '../../applications/queries.ts';
import { useSaveFormMutation } from '../queries.ts';
import {
  type EsgBuilderValues,
  formToValues,
  moved,
  movedTo,
  newFormValues,
  newOption,
  newQuestion,
  newRow,
  questionKeys,
  removed,
  withType,
} from './esg-builder-values.ts';
import { useDragReorder } from './use-drag-reorder.ts';

type BuilderForm = UseFormReturnType<EsgBuilderValues>;

/** Up and down arrows (keyboard reachable buttons, named for the item) that move an item in its list. */
export function MoveButtons({
  name,
  index,
  count,
  onMove,
  testId,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (delta: number) => void;
  testId: string;
}) {
  const t = useTranslate();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label={t('esg:builder.moveUp', { name })}
        disabled={index === 0}
        onClick={() => onMove(-1)}
        data-testid={`${testId}-up`}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={t('esg:builder.moveDown', { name })}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        data-testid={`${testId}-down`}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
    </Group>
  );
}

const LANGUAGE_KEY: Record<Language, 'Pt' | 'En' | 'Fr'> = { pt: 'Pt', en: 'En', fr: 'Fr' };

/** Three one-line inputs (pt, en, fr) for a label whose pt is required. */
function TrilingualInputs({
  form,
  path,
  labelKey,
  number,
  required,
  testId,
}: {
  form: BuilderForm;
  path: string;
  labelKey: string;
  number?: number;
  required: boolean;
  testId: string;
}) {
  const t = useTranslate();
  return (
    <>
      {LANGUAGES.map((language) => (
        <TextInput
          key={language}
          lang={language}
          label={t(`${labelKey}${LANGUAGE_KEY[language]}`, number === undefined ? {} : { number })}
          withAsterisk={required && language === 'pt'}
          maxLength={500}
          data-testid={`${testId}-${language}`}
          {...form.getInputProps(`${path}.${language}`)}
        />
      ))}
    </>
  );
}

/** The options of a choice question, or the columns of a matrix: labels, points, order, remove, add. */
function OptionsEditor({
  form,
  path,
  options,
  matrix,
}: {
  form: BuilderForm;
  path: string;
  options: EsgOption[];
  matrix: boolean;
}) {
  const t = useTranslate();
  const set = (next: EsgOption[]) => form.setFieldValue(`${path}.options`, next as never);
  const testId = `builder-${path.replaceAll('.', '-')}`;
  const error = form.errors[`${path}.options`];
  return (
    <Fieldset legend={t(matrix ? 'esg:builder.columns' : 'esg:builder.options')} variant="filled">
      <Stack gap="sm">
        {options.map((option, index) => {
          const number = index + 1;
          const score = form.getInputProps(`${path}.options.${index}.score`);
          return (
            <Paper key={option.id} withBorder p="xs" data-testid={`${testId}-option-${number}`}>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
                <TrilingualInputs
                  form={form}
                  path={`${path}.options.${index}.label`}
                  labelKey="esg:builder.option"
                  number={number}
                  required
                  testId={`${testId}-option-${number}`}
                />
                <NumberInput
                  label={t('esg:builder.score', { number })}
                  description={t('esg:builder.scoreHint')}
                  min={0}
                  max={100}
                  allowDecimal={false}
                  allowNegative={false}
                  value={option.score ?? ''}
                  onChange={(value) =>
                    form.setFieldValue(
                      `${path}.options.${index}.score`,
                      (value === '' ? null : Number(value)) as never,
                    )
                  }
                  error={score.error as string | undefined}
                  data-testid={`${testId}-option-${number}-score`}
                />
              </SimpleGrid>
              <Group justify="flex-end" mt="xs" gap="xs">
                <MoveButtons
                  name={t('esg:builder.optionName', { number })}
                  index={index}
                  count={options.length}
                  onMove={(delta) => set(moved(options, index, delta))}
                  testId={`${testId}-option-${number}`}
                />
                <ActionIcon
                  variant="default"
                  color="red.9"
                  aria-label={t('esg:builder.removeOption', { number })}
                  onClick={() => set(removed(options, index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
        {error ? (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              set([...options, newOption(options.length + 1, new Set(options.map((o) => o.id)))])
            }
            data-testid={`${testId}-add-option`}
          >
            {t('esg:builder.addOption')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

function RowsEditor({ form, path, rows }: { form: BuilderForm; path: string; rows: EsgMatrixRow[] }) {
  const t = useTranslate();
  const set = (next: EsgMatrixRow[]) => form.setFieldValue(`${path}.rows`, next as never);
  const testId = `builder-${path.replaceAll('.', '-')}`;
  const error = form.errors[`${path}.rows`];
  return (
    <Fieldset legend={t('esg:builder.rows')} variant="filled">
      <Stack gap="sm">
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <Paper key={row.id} withBorder p="xs" data-testid={`${testId}-row-${number}`}>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                <TrilingualInputs
                  form={form}
                  path={`${path}.rows.${index}.label`}
                  labelKey="esg:builder.row"
                  number={number}
                  required
                  testId={`${testId}-row-${number}`}
                />
              </SimpleGrid>
              <Group justify="flex-end" mt="xs" gap="xs">
                <MoveButtons
                  name={t('esg:builder.rowName', { number })}
                  index={index}
                  count={rows.length}
                  onMove={(delta) => set(moved(rows, index, delta))}
                  testId={`${testId}-row-${number}`}
                />
                <ActionIcon
                  variant="default"
                  color="red.9"
                  aria-label={t('esg:builder.removeRow', { number })}
                  onClick={() => set(removed(rows, index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
        {error ? (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => set([...rows, newRow(rows.length + 1, new Set(rows.map((r) => r.id)))])}
            data-testid={`${testId}-add-row`}
          >
            {t('esg:builder.addRow')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

function QuestionEditor({
  form,
  sectionIndex,
  index,
  question,
  count,
  pillarInitial,
  dragProps,
  handleProps,
  isDropTarget,
}: {
  form: BuilderForm;
  sectionIndex: number;
  index: number;
  question: EsgQuestion;
  count: number;
  pillarInitial: string;
  dragProps: ReturnType<ReturnType<typeof useDragReorder>['itemProps']>;
  handleProps: ReturnType<ReturnType<typeof useDragReorder>['handleProps']>;
  isDropTarget: boolean;
}) {
  const t = useTranslate();
  const listPath = `definition.sections.${sectionIndex}.questions`;
  const path = `${listPath}.${index}`;
  const questions = form.getValues().definition.sections[sectionIndex]?.questions ?? [];
  const setList = (next: EsgQuestion[]) => form.setFieldValue(listPath, next as never);
  const code = `${pillarInitial}${index + 1}`;
  const testId = `builder-question-${pillarInitial}${index + 1}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={testId}
      {...dragProps}
      style={isDropTarget ? { outline: '2px dashed var(--mantine-color-brand-7)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <Box
              {...handleProps}
              title={t('esg:builder.dragHint')}
              style={{ cursor: 'grab', display: 'flex' }}
              aria-hidden="true"
            >
              <IconGripVertical size={18} />
            </Box>
            <Title order={3} size="h5">
              {t('esg:builder.questionNumber', { number: code })}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <MoveButtons
              name={t('esg:builder.questionName', { number: code })}
              index={index}
              count={count}
              onMove={(delta) => setList(moved(questions, index, delta))}
              testId={testId}
            />
            <ActionIcon
              variant="default"
              color="red.9"
              aria-label={t('esg:builder.removeQuestion', { number: code })}
              onClick={() => setList(removed(questions, index))}
              data-testid={`${testId}-remove`}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('esg:builder.questionType')}
            data={ESG_QUESTION_TYPES.map((type) => ({ value: type, label: t(`esg:types.${type}`) }))}
            value={question.type}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              const next = [...questions];
              next[index] = withType(question as never, value as EsgQuestionType);
              setList(next);
            }}
            data-testid={`${testId}-type`}
          />
          <Switch
            label={t('esg:builder.required')}
            {...form.getInputProps(`${path}.required`, { type: 'checkbox' })}
            data-testid={`${testId}-required`}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs">
          <TrilingualInputs
            form={form}
            path={`${path}.label`}
            labelKey="esg:builder.question"
            required
            testId={`${testId}-label`}
          />
          <TrilingualInputs
            form={form}
            path={`${path}.help`}
            labelKey="esg:builder.help"
            required={false}
            testId={`${testId}-help`}
          />
        </SimpleGrid>
        {question.type === 'matrix' ? <RowsEditor form={form} path={path} rows={question.rows} /> : null}
        {question.type === 'text' ? null : (
          <OptionsEditor
            form={form}
            path={path}
            options={question.options}
            matrix={question.type === 'matrix'}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** A section's questions in order; each moves by its arrows or by dragging its grip onto another question. */
function QuestionList({
  form,
  sectionIndex,
  questions,
  pillarInitial,
}: {
  form: BuilderForm;
  sectionIndex: number;
  questions: EsgQuestion[];
  pillarInitial: string;
}) {
  const drag = useDragReorder((from, to) =>
    form.setFieldValue(
      `definition.sections.${sectionIndex}.questions`,
      movedTo(questions, from, to) as never,
    ),
  );
  return (
    <>
      {questions.map((question, index) => (
        <QuestionEditor
          key={question.id}
          form={form}
          sectionIndex={sectionIndex}
          index={index}
          question={question}
          count={questions.length}
          pillarInitial={pillarInitial}
          dragProps={drag.itemProps(index)}
          handleProps={drag.handleProps(index)}
          isDropTarget={drag.over === index}
        />
      ))}
    </>
  );
}

/**
 * Create or edit an ESG form: its texts in pt, en and fr, period, status and edition; then the Environment,
 * Social and Governance sections, each a list of questions numbered from 1 and reordered with arrows. The
 * shared EsgFormInput rules check it before sending; the server's details land under their fields. When
 * companies have answered the latest version, saving changed questions makes the next version (said above).
 */
export function EsgFormBuilder({
  form: stored,
  onSaved,
  onClose,
}: {
  form: EsgForm | null;
  onSaved: (form: EsgForm) => void;
  onClose: () => void;
}) {
  const t = useTranslate();
  const save = useSaveFormMutation();
  const editions = useEditionsQuery();
  const form = useForm<EsgBuilderValues>({
    mode: 'controlled',
    initialValues: stored ? formToValues(stored) : newFormValues(),
    validate: zodResolver(EsgFormInput, t),
  });
  const values = form.getValues();

  const submit = form.onSubmit(
    (submitted) => {
      const body = stored ? { ...submitted, version: stored.version } : submitted;
      save.mutate(
        { id: stored?.id ?? null, body },
        {
          onSuccess: (saved) => {
            notifySuccess(t('esg:builder.saved'));
            onSaved(saved);
          },
          onError: (error) => {
            if (error instanceof ApiError && error.details.length > 0) {
              const { fields, other } = serverFieldErrors(
                error.details,
                (p) => hasFieldPath(form.getValues(), p),
                t,
              );
              form.setErrors(fields);
              if (other.length > 0 || Object.keys(fields).length === 0) notifyApiError(error);
            } else {
              notifyApiError(error);
            }
          },
        },
      );
    },
    () => notifyError(t('esg:builder.invalid')),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="esg-builder">
      <Stack gap="lg">
        {stored?.locked ? (
          <Alert color="orange" variant="light" c={WARNING_ORANGE} data-testid="esg-builder-locked">
            {t('esg:builder.lockedNotice', {
              version: stored.definitionVersion,
              next: stored.definitionVersion + 1,
            })}
          </Alert>
        ) : null}
        <LocalizedTextField form={form} path="title" label={t('esg:builder.formTitle')} />
        <LocalizedTextField
          form={form}
          path="description"
          label={t('esg:builder.description')}
          multiline
          maxLength={2000}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t('esg:builder.period')}
            min={2000}
            max={2100}
            allowDecimal={false}
            withAsterisk
            {...form.getInputProps('period')}
            data-testid="builder-period"
          />
          <Select
            label={t('esg:builder.status')}
            data={ESG_FORM_STATUSES.map((status) => ({
              value: status,
              label: t(`esg:formStatus.${status}`),
            }))}
            allowDeselect={false}
            {...form.getInputProps('status')}
            data-testid="builder-status"
          />
          <Select
            label={t('esg:builder.edition')}
            data={[
              { value: '', label: t('esg:builder.noEdition') },
              ...(editions.data ?? []).map((edition) => ({
                value: edition.id,
                label: editionLabel(edition, t),
              })),
            ]}
            value={values.editionId ?? ''}
            allowDeselect={false}
            onChange={(value) => form.setFieldValue('editionId', value ? value : null)}
            data-testid="builder-edition"
          />
        </SimpleGrid>
        {values.definition.sections.map((section, sectionIndex) => {
          const pillarInitial = section.pillar.charAt(0).toUpperCase();
          const listPath = `definition.sections.${sectionIndex}.questions`;
          const sectionError = form.errors[listPath] ?? form.errors['definition.sections'];
          return (
            <Fieldset
              key={section.pillar}
              legend={
                <Title order={2} size="h4">
                  {t(`esg:pillars.${section.pillar}`)}
                </Title>
              }
              data-testid={`builder-section-${section.pillar}`}
            >
              <Stack gap="sm">
                {section.questions.length === 0 ? (
                  <Text c="gray.7">{t('esg:builder.noQuestionsYet')}</Text>
                ) : null}
                <QuestionList
                  form={form}
                  sectionIndex={sectionIndex}
                  questions={section.questions}
                  pillarInitial={pillarInitial}
                />
                {sectionError && sectionIndex === 0 ? (
                  <Text size="sm" c="red.9" role="alert">
                    {sectionError}
                  </Text>
                ) : null}
                <Group>
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} />}
                    onClick={() =>
                      form.setFieldValue(listPath, [
                        ...section.questions,
                        newQuestion(
                          'multipleChoice',
                          section.questions.length + 1,
                          questionKeys(form.getValues()),
                        ),
                      ] as never)
                    }
                    data-testid={`builder-add-${section.pillar}`}
                  >
                    {t('esg:builder.addQuestion')}
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('esg:builder.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="builder-save">
            {t('esg:builder.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
