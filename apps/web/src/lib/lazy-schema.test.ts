import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformWithOxc } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { transformSchemas } from '../../lazy-schemas.ts';
import { lazySchema } from './lazy-schema.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DOMAIN = join(ROOT, 'packages/domain/src');

describe('lazySchema', () => {
  it('builds the schema on first use, once, and answers as the schema does', () => {
    let builds = 0;
    const Item = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string().min(2, 'tooShort'), size: z.number().int() });
    });
    expect(builds).toBe(0);
    expect(Item.parse({ name: 'ab', size: 3 })).toEqual({ name: 'ab', size: 3 });
    expect(Item.safeParse({ name: 'a', size: 1.5 }).error?.issues.map((issue) => issue.message)).toEqual([
      'tooShort',
      'Invalid input: expected int, received number',
    ]);
    expect(builds).toBe(1);
    expect(Item).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(Item.shape)).toEqual(['name', 'size']);
    expect('shape' in Item).toBe(true);
    expect(Item.parse).toBe(Item.parse);
    expect(builds).toBe(1);
  });

  it('composes: a lazy schema extended, nested, made optional and used as a union member', () => {
    const Base = lazySchema(() => z.object({ kind: z.literal('a'), id: z.uuid() }));
    const Extended = lazySchema(() => Base.extend({ note: z.string().optional() }));
    const Other = lazySchema(() => z.object({ kind: z.literal('b') }));
    const Either = lazySchema(() => z.discriminatedUnion('kind', [Extended, Other]));
    const Holder = z.object({ item: Either, maybe: Base.optional() });
    const id = '0b0f5c3e-4d2a-4c1b-9f6e-2a7d8c9b0e1f';
    expect(Holder.parse({ item: { kind: 'a', id, note: 'x' } })).toEqual({
      item: { kind: 'a', id, note: 'x' },
    });
    expect(Holder.parse({ item: { kind: 'b' }, maybe: { kind: 'a', id } })).toEqual({
      item: { kind: 'b' },
      maybe: { kind: 'a', id },
    });
    expect(Holder.safeParse({ item: { kind: 'c' } }).success).toBe(false);
    expect(Holder.safeParse({ item: { kind: 'a', id: 'not-an-id' } }).success).toBe(false);
  });
});

describe('transformSchemas', () => {
  it('wraps the top-level schemas: chains on z, on a schema it wrapped, and schema methods on imported names', () => {
    const code = [
      'import { z } from "zod";',
      'import { Imported, helper } from "./other.ts";',
      'export const A = z.object({ a: z.string() });',
      'const B = A.extend({ b: z.number() });',
      'export const C = Imported.pick({ c: true });',
      'export const D = helper(A);',
      'export const E = Imported.other();',
      'const registered = Imported.shape;',
      'const value = Imported.value;',
      'const Kind = z.ZodType;',
      'const longest = A.shape.a.maxLength;',
      'const C2 = Imported.extend({}).shape.b.optional();',
      'export const LIMIT = 5;',
      'export function f() { const Inner = z.string(); return Inner; }',
    ].join('\n');
    const out = transformSchemas(code) ?? '';
    expect(out).toContain('export const A = __lazySchema(() => (z.object({ a: z.string() })));');
    expect(out).toContain('const B = __lazySchema(() => (A.extend({ b: z.number() })));');
    expect(out).toContain('export const C = __lazySchema(() => (Imported.pick({ c: true })));');
    expect(out).toContain('export const D = helper(A);');
    expect(out).toContain('export const E = Imported.other();');
    expect(out).toContain('const registered = __lazySchema(() => (Imported.shape));');
    expect(out).toContain('const value = Imported.value;');
    expect(out).toContain('const Kind = z.ZodType;');
    expect(out).toContain('const longest = A.shape.a.maxLength;');
    expect(out).toContain('const C2 = __lazySchema(() => (Imported.extend({}).shape.b.optional()));');
    expect(out).toContain('export const LIMIT = 5;');
    expect(out).toContain('const Inner = z.string();');
    expect(transformSchemas('export const x = 1;')).toBeUndefined();
  });

  // Every domain module that defines schemas, as the browser build turns it: the same exports, and each schema
  // answers as the one the server builds (its kind, and its verdict on an empty object and on nothing).
  const temporary = mkdtemp(join(ROOT, 'node_modules', '.lazy-schemas-'));
  afterAll(async () => rm(await temporary, { recursive: true, force: true }));

  it('leaves every domain module answering as before', async () => {
    const dir = await temporary;
    const files = (await readdir(DOMAIN, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    let schemas = 0;
    let modules = 0;
    for (const file of files) {
      const path = join(DOMAIN, file);
      const source = await readFile(path, 'utf8');
      const { code } = await transformWithOxc(source, path, { lang: 'ts' });
      const lazy = transformSchemas(code);
      if (lazy === undefined) continue;
      modules += 1;
      // The copy imports the domain's other modules from where they are.
      const copy = lazy.replace(
        /from "(\.{1,2}\/[^"]+)"/g,
        (_match, specifier: string) =>
          `from ${JSON.stringify(pathToFileURL(join(dirname(path), specifier)).href)}`,
      );
      const copyPath = join(dir, `${file.replaceAll('/', '__')}.mjs`);
      await writeFile(copyPath, copy);
      const original: Record<string, unknown> = await import(pathToFileURL(path).href);
      const transformed: Record<string, unknown> = await import(pathToFileURL(copyPath).href);
      expect(Object.keys(transformed).sort(), file).toEqual(Object.keys(original).sort());
      for (const [name, value] of Object.entries(original)) {
        if (!(value instanceof z.ZodType)) continue;
        schemas += 1;
        const other = transformed[name] as z.ZodType;
        expect(other, `${file} ${name}`).toBeInstanceOf(z.ZodType);
        expect(other.def.type, `${file} ${name}`).toBe(value.def.type);
        for (const input of [{}, undefined]) {
          expect(JSON.stringify(other.safeParse(input)), `${file} ${name}`).toBe(
            JSON.stringify(value.safeParse(input)),
          );
        }
      }
    }
    expect(modules).toBeGreaterThan(20);
    expect(schemas).toBeGreaterThan(300);
  });
});
