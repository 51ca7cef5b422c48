import { namespaces } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import { MESSAGE_GROUPS, SERVER_ONLY_NAMESPACES } from './message-groups.ts';

describe('message groups', () => {
  it('puts every namespace the web app uses in exactly one group', () => {
    const grouped = Object.values(MESSAGE_GROUPS).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped, ...SERVER_ONLY_NAMESPACES].sort()).toEqual(Object.keys(namespaces).sort());
  });
});
