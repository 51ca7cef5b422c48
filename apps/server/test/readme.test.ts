import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS } from '../src/config.ts';

describe('README', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

  it('documents every configuration variable the server reads', () => {
    const missing = CONFIG_DOCS.filter((entry) => !readme.includes(`\`${entry.name}\``)).map((e) => e.name);
    expect(missing).toEqual([]);
  });

  it('starts with the two commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toMatch(/^npm test\b/m);
  });
});
