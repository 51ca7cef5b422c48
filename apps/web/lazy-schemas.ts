import { fileURLToPath } from 'node:url';
import { type Plugin, parseAst } from 'vite';

/** The domain's modules (not its tests): where the shared zod schemas are defined. */
const DOMAIN_MODULE = /[\\/]packages[\\/]domain[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;

/** The runtime half: `lazySchema(build)`. */
const RUNTIME = fileURLToPath(new URL('./src/lib/lazy-schema.ts', import.meta.url)).replaceAll('\\', '/');

/** The methods that make a schema from another: called last in a chain on another schema, the chain is made lazy. */
const SCHEMA_METHODS = new Set([
  'and',
  'array',
  'brand',
  'catch',
  'check',
  'default',
  'describe',
  'extend',
  'max',
  'merge',
  'meta',
  'min',
  'nullable',
  'nullish',
  'omit',
  'optional',
  'or',
  'partial',
  'pick',
  'pipe',
  'readonly',
  'refine',
  'required',
  'safeExtend',
  'superRefine',
  'transform',
  'trim',
]);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * The identifier a chain of calls and property reads starts from, and the names read along it, outermost first:
 * `z.object({...}).extend({...})` is `z` with [`extend`, `object`]; `Registration.shape` is `Registration` with
 * [`shape`]. Undefined for anything else (a bare name, a literal, a function of the module called).
 */
function chainOf(node: Node): { root: string; members: string[] } | undefined {
  const members: string[] = [];
  let current: Node = node;
  if (current.type !== 'CallExpression' && current.type !== 'MemberExpression') return undefined;
  while (current.type === 'CallExpression' || current.type === 'MemberExpression') {
    if (current.type === 'CallExpression') {
      current = current.callee as Node;
      continue;
    }
    const property = current.property as Node;
    if (current.computed || property.type !== 'Identifier') return undefined;
    members.push(property.name as string);
    current = current.object as Node;
  }
  return current.type === 'Identifier' && members.length > 0
    ? { root: current.name as string, members }
    : undefined;
}

/**
 * Rewrites a domain module's top-level schemas, `const X = z.object(…)`, as `const X = lazySchema(() => z.object(…))`:
 * a schema is built the first time the browser uses it, not when its module is evaluated (docs/adr/0039). The
 * domain defines some six hundred; a page used to build every schema of each module it imported, most of them
 * never parsed, in the long task that evaluates the page's code. A schema counts when its initializer is a call
 * chain on `z` (imported from zod), or a chain on a name this module made lazy or imported that ends in a schema
 * method or part (`.extend`, `.pick`, `.optional`, `.shape`…). Browser builds only: the server imports the domain
 * as written.
 */
export function transformSchemas(code: string): string | undefined {
  if (!/from\s*["']zod["']/.test(code)) return undefined;
  const program = parseAst(code) as unknown as { body: Node[] };
  let zod: string | undefined;
  const imported = new Set<string>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    const from = (statement.source as Node).value as string;
    for (const specifier of statement.specifiers as Node[]) {
      const local = (specifier.local as Node).name as string;
      if (
        from === 'zod' &&
        specifier.type === 'ImportSpecifier' &&
        (specifier.imported as Node).name === 'z'
      ) {
        zod = local;
      } else if (from !== 'zod') imported.add(local);
    }
  }
  if (zod === undefined) return undefined;
  const lazy = new Set<string>();
  const edits: Array<{ start: number; end: number }> = [];
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      const init = declarator.init as Node | null;
      if (id.type !== 'Identifier' || !init) continue;
      const chain = chainOf(init);
      if (!chain) continue;
      // On another schema, the last step must make a schema (a call of one of SCHEMA_METHODS) or read its shape:
      // `A.shape.name.maxLength` is a number, which no proxy can stand for, and is read as written.
      const schema =
        (chain.root === zod && init.type === 'CallExpression') ||
        ((lazy.has(chain.root) || imported.has(chain.root)) &&
          (init.type === 'CallExpression'
            ? SCHEMA_METHODS.has(chain.members[0] ?? '')
            : chain.members[0] === 'shape'));
      if (!schema) continue;
      lazy.add(id.name as string);
      edits.push({ start: init.start, end: init.end });
    }
  }
  if (edits.length === 0) return undefined;
  let result = code;
  for (const { start, end } of edits.reverse()) {
    result = `${result.slice(0, start)}__lazySchema(() => (${result.slice(start, end)}))${result.slice(end)}`;
  }
  return `import { lazySchema as __lazySchema } from ${JSON.stringify(RUNTIME)};\n${result}`;
}

/** The build plugin around `transformSchemas`, for the browser's builds. */
export function lazySchemas(): Plugin {
  return {
    name: 'excelencia:lazy-schemas',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transform: {
      filter: { id: DOMAIN_MODULE },
      handler(code) {
        const result = transformSchemas(code);
        return result === undefined ? undefined : { code: result, map: null };
      },
    },
  };
}
