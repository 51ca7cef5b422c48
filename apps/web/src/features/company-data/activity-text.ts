import type { ActivityItem } from '@excelencia/domain';
import type { Translate } from '../../ui/form/zod-resolver.ts';

/** An audit log's entity or action as a catalog key part: 'balance-sheets' and 'partners/consents' → '_'. */
const keyPart = (value: string) => value.replace(/[^A-Za-z0-9]/g, '_');

/**
 * What an activity row says was done when the server gives no summary of it: the action and the record
 * ('Created · Trial balance'), from the catalog when it names them, else the log's own words, so a new kind of row
 * still reads.
 */
export function activityWhat(item: Pick<ActivityItem, 'entity' | 'action'>, t: Translate): string {
  const action = t(`teamsWeb:activity.actions.${keyPart(item.action)}`, { defaultValue: item.action });
  const entity = t(`teamsWeb:activity.entities.${keyPart(item.entity)}`, { defaultValue: item.entity });
  return t('teamsWeb:activity.what', { action, entity });
}

/** Who did it: the person's name, or the portal itself for its own work. */
export function activityWho(item: Pick<ActivityItem, 'actorKind' | 'actorName'>, t: Translate): string {
  if (item.actorName) return item.actorName;
  return t(`teamsWeb:activity.unnamed.${item.actorKind}`);
}
