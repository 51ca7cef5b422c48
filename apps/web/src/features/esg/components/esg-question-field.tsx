import { type EsgAnswer, type EsgQuestion, localized, orderedItems } from '@excelencia/domain';
import {
  Checkbox,
  Fieldset,
  Group,
  Radio,
  Stack,
  Table,
  Text,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';

/** The question's heading: its number, its text, the required mark and the help text under it. */
function Heading({ question, code }: { question: EsgQuestion; code: string }) {
  const language = useLanguage();
  const t = useTranslate();
  const help = localized(question.help, language);
  return (
    <Stack gap={2}>
      <Text fw={600} component="span">
        {code}. {localized(question.label, language)}
        {question.required ? (
          <Text component="span" c="red.9" ml={4} aria-label={t('esg:company.required')}>
            *
          </Text>
        ) : null}
      </Text>
      {help ? (
        <Text size="sm" c="gray.7" component="span">
          {help}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * One question of the company's form, in the control its type needs: a text area, check boxes, radio buttons,
 * or a matrix of radio buttons (one per row) in a region that scrolls sideways on a phone.
 */
export function EsgQuestionField({
  question,
  code,
  answer,
  error,
  onChange,
}: {
  question: EsgQuestion;
  /** 'E1', 'S2': the pillar's initial and the question's number. */
  code: string;
  answer: EsgAnswer | undefined;
  error?: string | undefined;
  onChange: (answer: EsgAnswer) => void;
}) {
  const language = useLanguage();
  const t = useTranslate();
  const testId = `esg-question-${question.id}`;
  const label = <Heading question={question} code={code} />;
  switch (question.type) {
    case 'text':
      return (
        <Textarea
          label={label}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={2000}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          aria-required={question.required || undefined}
          data-testid={testId}
        />
      );
    case 'multipleChoice':
      return (
        <Radio.Group
          label={label}
          value={typeof answer === 'string' ? answer : null}
          onChange={(value) => onChange(value)}
          error={error}
          data-testid={testId}
        >
          <Stack gap={6} mt={6}>
            {orderedItems(question.options).map((option) => (
              <Radio key={option.id} value={option.id} label={localized(option.label, language)} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group
          label={label}
          value={Array.isArray(answer) ? answer : []}
          onChange={(value) => onChange(value)}
          error={error}
          data-testid={testId}
        >
          <Stack gap={6} mt={6}>
            {orderedItems(question.options).map((option) => (
              <Checkbox key={option.id} value={option.id} label={localized(option.label, language)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'matrix': {
      const chosen = answer && typeof answer === 'object' && !Array.isArray(answer) ? answer : {};
      const columns = orderedItems(question.options);
      return (
        <Fieldset legend={label} variant="unstyled" data-testid={testId}>
          <ScrollRegion label={localized(question.label, language)}>
            <Table withRowBorders verticalSpacing={6} miw={columns.length * 90 + 160}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <VisuallyHidden>{t('esg:builder.rows')}</VisuallyHidden>
                  </Table.Th>
                  {columns.map((column) => (
                    <Table.Th key={column.id} ta="center" fw={500}>
                      {localized(column.label, language)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orderedItems(question.rows).map((row) => {
                  const rowLabel = localized(row.label, language);
                  return (
                    <Table.Tr key={row.id}>
                      <Table.Th scope="row" fw={400}>
                        {rowLabel}
                      </Table.Th>
                      {columns.map((column) => (
                        <Table.Td key={column.id}>
                          <Group justify="center">
                            <Radio
                              name={`${question.id}-${row.id}`}
                              value={column.id}
                              checked={chosen[row.id] === column.id}
                              onChange={() => onChange({ ...chosen, [row.id]: column.id })}
                              aria-label={`${rowLabel}: ${localized(column.label, language)}`}
                            />
                          </Group>
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          {error ? (
            <Text size="sm" c="red.9" mt={4} role="alert">
              {error}
            </Text>
          ) : null}
        </Fieldset>
      );
    }
  }
}
