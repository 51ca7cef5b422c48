import { answerLines, type EsgResponse, localized, orderedItems, questionCode } from '@excelencia/domain';
import { List, Stack, Text, Title } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/** Submitted answers to read: every question of each section with the answer in words. */
export function EsgAnswersView({ response }: { response: EsgResponse }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Stack gap="md" data-testid="esg-answers-view">
      {response.definition.sections.map((section) => (
        <Stack key={section.pillar} gap="xs">
          <Title order={3} size="h4">
            {t(`esg:pillars.${section.pillar}`)}
          </Title>
          {orderedItems(section.questions).map((question) => {
            const lines = answerLines(question, response.answers[question.id], language);
            return (
              <Stack key={question.id} gap={2}>
                <Text fw={600} size="sm">
                  {questionCode(section.pillar, question.order)}. {localized(question.label, language)}
                </Text>
                {lines.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    {t('esg:pdf.noAnswer')}
                  </Text>
                ) : lines.length === 1 ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {lines[0]}
                  </Text>
                ) : (
                  <List size="sm">
                    {lines.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
