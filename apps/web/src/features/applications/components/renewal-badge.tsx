import { Badge } from '@mantine/core';
import { useTranslate } from '../../../ui/use-translate.ts';

/**
 * Marks a renewal: an application (or a distinguished company) whose company held a seal issued by an earlier
 * edition. The admin list and drawer, the results and the partner's view show it.
 */
export function RenewalBadge() {
  const t = useTranslate();
  return (
    <Badge ml="xs" size="sm" variant="filled" color="teal.9" miw="max-content" data-testid="renewal-badge">
      {t('applicationsWeb:renewal')}
    </Badge>
  );
}
