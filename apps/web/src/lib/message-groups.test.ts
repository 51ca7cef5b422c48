import { isCatalogKey, namespaces } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import { isMessageKey, MESSAGE_GROUPS, SERVER_ONLY_NAMESPACES } from './message-groups.ts';

describe('message groups', () => {
  it('puts every namespace the web app uses in exactly one group', () => {
    const grouped = Object.values(MESSAGE_GROUPS).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped, ...SERVER_ONLY_NAMESPACES].sort()).toEqual(Object.keys(namespaces).sort());
  });

  it("tells catalog keys from plain text as the domain's isCatalogKey does", () => {
    for (const message of [
      'validation:tooLong',
      'errors:notFound',
      'applications:documents.balance',
      'mail:welcome.subject',
      'nope:key',
      'validation:',
      'Validation:tooLong',
      'plain text',
      'Ligue: 123',
      'common:languages.pt',
      '',
    ]) {
      expect(isMessageKey(message), message).toBe(isCatalogKey(message));
    }
  });
});
