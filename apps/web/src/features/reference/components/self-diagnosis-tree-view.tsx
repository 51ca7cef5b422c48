import { localized } from '@excelencia/domain';
import {
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tree,
  type TreeNodeData,
  useTree,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/language-context.ts';
import { useSelfDiagnosisTreeQuery } from '../queries.ts';

/** The whole self-diagnosis tree, read-only and collapsible (headings page). */
export function SelfDiagnosisTreeView() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Paper withBorder p="md" data-testid="self-diagnosis-tree">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="self-diagnosis-tree-title">
            {t('reference:tree.title')}
          </Title>
          <Button
            variant="default"
            size="xs"
            onClick={() => setOpened((value) => !value)}
            aria-expanded={opened}
            aria-controls="self-diagnosis-tree-content"
            leftSection={
              opened ? (
                <IconChevronDown size={16} aria-hidden="true" />
              ) : (
                <IconChevronRight size={16} aria-hidden="true" />
              )
            }
          >
            {opened ? t('reference:tree.hide') : t('reference:tree.show')}
          </Button>
        </Group>
        <Collapse expanded={opened} id="self-diagnosis-tree-content">
          {opened ? <TreeContent /> : null}
        </Collapse>
      </Stack>
    </Paper>
  );
}

function TreeContent() {
  const { t } = useTranslation();
  const language = useLanguage();
  const tree = useSelfDiagnosisTreeQuery();
  const controller = useTree();
  if (tree.isLoading) return <Text c="gray.7">{t('common:loading')}</Text>;
  if (tree.isError) return <Text c="red.9">{t('common:anErrorOccurred')}</Text>;
  const label = (node: {
    code: string;
    description: Parameters<typeof localized>[0];
    accountCodes: string[];
  }) =>
    `${node.code} — ${localized(node.description, language)}${
      node.accountCodes.length
        ? ` (${t('reference:tree.accounts', { codes: node.accountCodes.join(', ') })})`
        : ''
    }`;
  const data: TreeNodeData[] = (tree.data ?? []).map((heading) => ({
    value: heading.id,
    label: `${label(heading)} · ${t(`reference:natures.${heading.nature}`)}`,
    children: heading.subHeadings.map((sub) => ({
      value: sub.id,
      label: label(sub),
      children: sub.categories.map((category) => ({
        value: category.id,
        label: label(category),
        children: category.subCategories.map((leaf) => ({ value: leaf.id, label: label(leaf) })),
      })),
    })),
  }));
  if (data.length === 0) return <Text c="gray.7">{t('reference:tree.empty')}</Text>;
  return (
    <Stack gap="xs">
      <Tree
        data={data}
        tree={controller}
        levelOffset="lg"
        aria-labelledby="self-diagnosis-tree-title"
        renderNode={({ node, expanded, hasChildren, elementProps }) => (
          <div
            {...elementProps}
            style={{ ...elementProps.style, display: 'flex', gap: 4, alignItems: 'center', padding: '2px 0' }}
          >
            {hasChildren ? (
              expanded ? (
                <IconChevronDown size={14} aria-hidden="true" />
              ) : (
                <IconChevronRight size={14} aria-hidden="true" />
              )
            ) : (
              <span style={{ width: 14 }} />
            )}
            <Text size="sm">{node.label}</Text>
          </div>
        )}
      />
    </Stack>
  );
}
