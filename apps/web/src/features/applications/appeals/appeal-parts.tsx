import { type Appeal, documentLabelKey } from '@excelencia/domain';
import { Anchor, Badge, List } from '@mantine/core';
import { NEUTRAL_GRAY, SUCCESS_GREEN, WARNING_ORANGE } from '../../../ui/colors.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/** What the company's appeal card and the admins' panel and list both show of an appeal. */

export const APPEAL_STATUS_COLORS = {
  pending: WARNING_ORANGE,
  upheld: SUCCESS_GREEN,
  dismissed: NEUTRAL_GRAY,
} as const;

export function AppealStatusBadge({ appeal }: { appeal: Pick<Appeal, 'status'> }) {
  const t = useTranslate();
  return (
    <Badge
      ml="xs"
      size="sm"
      variant="filled"
      color={APPEAL_STATUS_COLORS[appeal.status]}
      miw="max-content"
      data-testid="appeal-badge"
      data-status={appeal.status}
    >
      {t(`appeals:statuses.${appeal.status}`)}
    </Badge>
  );
}

/** The appeal's documents by their type, each opening in a new tab at `href` (the company's or the admins'). */
export function AppealFileList({
  files,
  href,
  testId,
}: {
  files: Appeal['files'];
  href: (fileId: string) => string;
  testId?: string;
}) {
  const t = useTranslate();
  return (
    <List size="sm" data-testid={testId}>
      {files.map((file) => (
        <List.Item key={file.id}>
          <Anchor href={href(file.id)} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>
            {t(documentLabelKey(file.fileType))}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}
