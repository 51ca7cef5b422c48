/**
 * The admin statistics bench case, run by scripts/bench.ts on its test context: 10 000 companies with
 * 12 annual balance sheets each (2013..2024) and their indicator values for the active criteria, seeded with
 * INSERT ... SELECT over generate_series, then GET /app/api/v1/diagnosis-statistics timed as a signed-in admin
 * and the plan of the service's distribution query.
 *
 * The 3 000 000 indicator rows go in with foreign-key triggers off and the table's indexes dropped, then rebuilt
 * from their own definitions: row by row with the checks it is ~4× slower (256 s measured; BENCH_DIAGNOSIS_SEED=plain).
 * The rebuilt indexes are more compact than grown ones (356 vs ~470 MB), which hardly matters to these reads.
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildBalanceTree, treeLeaves } from '@excelencia/domain';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../apps/server/src/db/client.ts';
import { criteria } from '../apps/server/src/db/schema/index.ts';
import { sectorMedians } from '../apps/server/src/modules/diagnosis/diagnosis.statistics.ts';
import {
  refreshCompanyIndicators,
  refreshSheetIndicators,
} from '../apps/server/src/modules/diagnosis/indicators.ts';
import {
  distributionsQuery,
  storedStatisticsQuery,
} from '../apps/server/src/modules/diagnosis/statistics.repository.ts';
import { selfDiagnosisTree } from '../apps/server/src/modules/reference/self-diagnosis-tree.ts';
import { seedReferenceData } from '../apps/server/src/seed/seed-reference.ts';
import type { SignedIn, TestContext } from '../apps/server/test/support/context.ts';
import { SHEET_2024 } from '../apps/server/test/support/eligible-sheets.ts';

const COMPANIES = Number(process.env.BENCH_DIAGNOSIS_COMPANIES ?? 10_000);
/** How many active criteria get values (all of them unless set: 25 after the seed). */
const CRITERIA_LIMIT = Number(process.env.BENCH_DIAGNOSIS_CRITERIA ?? 1_000);
const REQUESTS = Number(process.env.BENCH_DIAGNOSIS_REQUESTS ?? 30);
const WARM_UP = 3;
const FIRST_YEAR = 2013;
const LAST_YEAR = 2024;
/** The bench companies' NIFs: 300000001.. (the directory's are 1xxxxxxxx, the bench user's 299999999). */
const NIF_BASE = 300_000_000;

type Rows<T> = { rows: T[] };

/** An integer of this file inlined into SQL (typed parameters would need a cast at every use). */
const int = (value: number) => sql.raw(String(Math.trunc(value)));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

async function countOf(ctx: TestContext, query: SQL): Promise<number> {
  const result = (await ctx.db.execute(query)) as unknown as Rows<{ n: string | number }>;
  return Number(result.rows[0]?.n ?? 0);
}

async function planLines(ctx: TestContext, query: SQL): Promise<string[]> {
  const result = (await ctx.db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as Rows<
    Record<string, string>
  >;
  return result.rows.map((row) => Object.values(row)[0] ?? '');
}

/** The plan's lines (costs and repeated conditions left out, long lines cut), then the timing lines. */
function printPlan(title: string, lines: string[], max = 30): void {
  console.log(`\n${title}`);
  const shown = lines
    .filter((line) => !/^\s*(Planning:|Recheck Cond:|Planning Time|Execution Time)/.test(line))
    .map((line) => line.replace(/\s+\(cost=[^)]*\)/, '').replace(/'[0-9a-f-]{36}'::uuid/g, "'…'::uuid"))
    .map((line) => (line.length > 150 ? `${line.slice(0, 149)}…` : line))
    .slice(0, max);
  for (const line of shown) console.log(`  ${line}`);
  for (const line of lines.filter((line) => /^(Planning|Execution) Time/.test(line)))
    console.log(`  ${line}`);
}

/** The plan's nodes on one line (EXPLAIN without ANALYZE), as the directory bench prints them. */
async function _planSummary(db: Executor, query: SQL): Promise<string> {
  const result = (await db.execute(sql`explain ${query}`)) as unknown as Rows<Record<string, string>>;
  return result.rows
    .map((row) => Object.values(row)[0] ?? '')
    .filter(
      (line) => /Scan|Join|Loop|Hash|Sort|Unique|Aggregate|Memoize/.test(line) && !/Cond:|Key:/.test(line),
    )
    .map((line) =>
      line
        .trim()
        .replace(/^->\s*/, '')
        .replace(/\s+\(cost.*$/, ''),
    )
    .join(' < ');
}

/** Seeds the companies, sheets and indicator values; returns the criteria that got values. */
async function seed(ctx: TestContext): Promise<Array<{ id: string; code: string; version: number }>> {
  const [, referenceMs] = await timed(() => seedReferenceData(ctx.db));
  const benchNif = sql`c.nif between ${String(NIF_BASE + 1)} and ${String(NIF_BASE + COMPANIES)}`;

  // Cities of every seeded island, every CAE division (all 21 sections), the 4 employee ranges, mixed by hashes
  // so that no dimension follows another.
  const [, companiesMs] = await timed(() =>
    ctx.db.execute(sql`
      insert into companies (company_name, nif, email, city_id, cae_division_id, employee_range_id)
      select
        'Diagnóstico ' || i,
        (${int(NIF_BASE)} + i)::text,
        'diagnostico' || i || '@bench.cv',
        c.ids[1 + abs(hashtext('city' || i)) % cardinality(c.ids)],
        d.ids[1 + abs(hashtext('cae' || i)) % cardinality(d.ids)],
        r.ids[1 + abs(hashtext('range' || i)) % cardinality(r.ids)]
      from generate_series(1, ${int(COMPANIES)}) as i,
        (select array_agg(id order by code) as ids from cities where code <> 'BENCH') as c,
        (select array_agg(id order by code) as ids from cae_divisions) as d,
        (select array_agg(id order by min_employees) as ids from employee_ranges) as r
    `),
  );

  // One annual sheet per company and year, inserted year by year (created_at increasing).
  const [, sheetsMs] = await timed(() =>
    ctx.db.execute(sql`
      insert into balance_sheets (company_id, start_date, end_date, type_frequence, source, created_at, updated_at)
      select c.id, make_date(y, 1, 1), make_date(y, 12, 31), 'annual', 'entry', t.at, t.at
      from generate_series(${int(FIRST_YEAR)}, ${int(LAST_YEAR)}) as y
        cross join companies as c
        cross join lateral (
          select timestamptz '2014-03-01 00:00:00+00' + (y - ${int(FIRST_YEAR)}) * interval '1 year'
            + (c.nif::int - ${int(NIF_BASE)}) * interval '1 second' as at
        ) as t
      where ${benchNif}
      order by y, c.nif
    `),
  );

  // Fresh statistics, or the planner may join 120 000 sheets as if the table were empty.
  await ctx.db.execute(sql`analyze companies, balance_sheets`);

  const chosen = (
    await ctx.db
      .select({ id: criteria.id, code: criteria.code, version: criteria.version })
      .from(criteria)
      .where(eq(criteria.isActive, true))
      .orderBy(asc(criteria.sortOrder), asc(criteria.code))
  ).slice(0, CRITERIA_LIMIT);
  const chosenIds = sql.join(
    chosen.map((criterion) => sql`${criterion.id}::uuid`),
    sql`, `,
  );

  // Every sheet × chosen criterion, the current criterion version; a sheet's rows together (as the server writes
  // them), one statement per year. value: a deterministic spread over -2..7.99 (1 in 16 not computable);
  // passed: the criterion's own target comparison on it.
  // Fast load (BENCH_DIAGNOSIS_SEED=plain to compare): foreign-key triggers off (the rows are consistent by
  // construction) and indexes built once afterwards from their own definitions.
  const fast = process.env.BENCH_DIAGNOSIS_SEED !== 'plain';
  let indexDefinitions: string[] = [];
  if (fast) {
    const defs = (await ctx.db.execute(sql`
      select 'alter table indicator_values add constraint ' || quote_ident(conname) || ' ' ||
        pg_get_constraintdef(oid) as def, conname as name, true as constraint
      from pg_constraint where conrelid = 'indicator_values'::regclass and contype = 'p'
      union all
      select pg_get_indexdef(i.indexrelid), c.relname, false
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'indicator_values'::regclass and not i.indisprimary
    `)) as unknown as Rows<{ def: string; name: string; constraint: boolean }>;
    indexDefinitions = defs.rows.map((row) => row.def);
    for (const row of defs.rows) {
      await ctx.db.execute(
        sql.raw(
          row.constraint
            ? `alter table indicator_values drop constraint "${row.name}"`
            : `drop index "${row.name}"`,
        ),
      );
    }
    // Needs a superuser on PostgreSQL: without one, the triggers and foreign-key checks stay on (slower).
    await ctx.db.execute(sql`set session_replication_role = replica`).catch(() => undefined);
  }
  const yearTimes: number[] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const [, ms] = await timed(() =>
      ctx.db.execute(sql`
        with crit as (
          select id, version, target_comparison as cmp, target_value as target,
            row_number() over (order by sort_order, code) as k
          from criteria where id in (${chosenIds})
        ), sheet as (
          select b.id, b.company_id, b.start_date, b.end_date, b.created_at, c.nif::int - ${int(NIF_BASE)} as n
          from balance_sheets as b join companies as c on c.id = b.company_id
          where ${benchNif} and b.end_date = make_date(${int(year)}, 12, 31)
        )
        insert into indicator_values (balance_sheet_id, criterion_id, company_id, criterion_version, frequency,
          start_date, end_date, sheet_created_at, value, passed)
        select s.id, k.id, s.company_id, k.version, 'annual', s.start_date, s.end_date, s.created_at, v.value,
          case
            when v.value is null then null
            when k.cmp = '>' then v.value > k.target
            when k.cmp = '>=' then v.value >= k.target
            when k.cmp = '<' then v.value < k.target
            when k.cmp = '<=' then v.value <= k.target
            else v.value = k.target
          end
        from sheet as s
          cross join crit as k
          cross join lateral (
            select case when (s.n + k.k * 13 + ${int(year)}) % 16 = 0 then null
              else ((s.n * 7919 + k.k * 104729 + ${int(year)} * 7307) % 1000) / 100.0 - 2 end::numeric as value
          ) as v
        order by s.created_at, k.k
      `),
    );
    yearTimes.push(ms);
  }
  let indexMs = 0;
  if (fast) {
    await ctx.db.execute(sql`set session_replication_role = default`).catch(() => undefined);
    [, indexMs] = await timed(async () => {
      await ctx.db.execute(sql`set maintenance_work_mem = '256MB'`);
      for (const def of indexDefinitions) await ctx.db.execute(sql.raw(def));
      await ctx.db.execute(sql`reset maintenance_work_mem`);
    });
  }
  // The changes the triggers on indicator_values would have noted (they were off), then the statistics computed
  // ahead from them (ADR 0026), as the portal's builder does in the background.
  await ctx.db.execute(sql`
    insert into indicator_value_changes (criterion_id, frequency, year)
    select k.id, 'annual', y from criteria k, generate_series(${int(FIRST_YEAR)}, ${int(LAST_YEAR)}) as y
    where k.id in (${chosenIds})
    on conflict do nothing`);
  const [, aheadMs] = await timed(() => ctx.app.statistics.refresh());
  const builds = await countOf(ctx, sql`select count(*) as n from indicator_statistics_builds`);
  const [, analyzeMs] = await timed(() => ctx.db.execute(sql`analyze`));

  const sheetCount = await countOf(
    ctx,
    sql`select count(*) as n from balance_sheets b join companies c on c.id = b.company_id where ${benchNif}`,
  );
  const valueCount = await countOf(ctx, sql`select count(*) as n from indicator_values`);
  const size = (await ctx.db.execute(sql`
    select pg_size_pretty(pg_table_size('indicator_values')) as heap,
      pg_size_pretty(pg_indexes_size('indicator_values')) as indexes
  `)) as unknown as Rows<{ heap: string; indexes: string }>;
  const activeCount = await countOf(ctx, sql`select count(*) as n from criteria where is_active`);
  const indicatorMs = yearTimes.reduce((a, b) => a + b, 0);

  console.log(
    `\ndiagnosis statistics: seeded ${COMPANIES} companies (${seconds(companiesMs)}), ${sheetCount} annual sheets ` +
      `${FIRST_YEAR}..${LAST_YEAR} (${seconds(sheetsMs)}), ${valueCount} indicator values = sheets × ` +
      `${chosen.length} of ${activeCount} active criteria (${seconds(indicatorMs)}, ` +
      `${(valueCount / (indicatorMs / 1000)).toFixed(0)} rows/s, per year ${seconds(Math.min(...yearTimes))}` +
      `..${seconds(Math.max(...yearTimes))}` +
      (fast
        ? `, foreign-key triggers off, then its ${indexDefinitions.length} indexes built in ${seconds(indexMs)}`
        : ', row by row into the indexes with foreign-key checks') +
      `); reference data ${seconds(referenceMs)}, analyze ${seconds(analyzeMs)}`,
  );
  console.log(
    `statistics computed ahead (ADR 0026): ${builds} criterion × year builds (overall, by island, CAE section ` +
      `and employee range) in ${seconds(aheadMs)}, ${(aheadMs / Math.max(1, builds)) | 0} ms each, in the ` +
      `background as the portal does; ${await countOf(ctx, sql`select count(*) as n from indicator_statistics`)} rows`,
  );
  console.log(
    `indicator_values on disk: heap ${size.rows[0]?.heap}, indexes ${size.rows[0]?.indexes}` +
      (chosen.length < activeCount ? ` (only ${chosen.length} criteria: BENCH_DIAGNOSIS_CRITERIA)` : '') +
      `; companies table: ${await countOf(ctx, sql`select count(*) as n from companies`)} rows ` +
      '(with the directory case, its 100 000 companies without sheets too)',
  );
  return chosen;
}

/**
 * An admin signed in at the identity provider (in this process). The seeding blocked the event loop for a minute:
 * the provider's idle keep-alive sockets close only now, so wait for that, and try once more if a request still
 * met one closing (ECONNRESET).
 */
async function signInAdmin(ctx: TestContext) {
  const attempt = async () => {
    const user = await ctx.createUser({ email: 'bench-admin@excelencia.cv', roles: ['admin'] });
    return ctx.signIn(user.email, user.password);
  };
  await sleep(500);
  try {
    return await attempt();
  } catch {
    await sleep(1000);
    return attempt();
  }
}

type Statistics = { overall: { companies: number }; groups: unknown[]; years: number[] };

export async function benchDiagnosis(ctx: TestContext): Promise<void> {
  const chosen = await seed(ctx);
  const admin = await signInAdmin(ctx);

  async function statisticsCase(name: string, query: (criterionId: string) => string): Promise<void> {
    const times: number[] = [];
    const overall = new Set<number>();
    let groups = 0;
    let failures = 0;
    for (let i = -WARM_UP; i < REQUESTS; i++) {
      // Each request another criterion.
      const criterion = chosen[(i + WARM_UP) % chosen.length];
      if (!criterion) throw new Error('no criterion was seeded');
      const started = performance.now();
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/app/api/v1/diagnosis-statistics?${query(criterion.id)}`,
        headers: { cookie: admin.cookie },
      });
      const elapsed = performance.now() - started;
      if (i < 0) continue;
      times.push(elapsed);
      if (response.statusCode !== 200) {
        failures += 1;
        continue;
      }
      const body = response.json() as Statistics;
      overall.add(body.overall.companies);
      groups = body.groups.length;
    }
    times.sort((a, b) => a - b);
    const companiesText =
      overall.size === 0
        ? '-'
        : `${Math.min(...overall)}..${Math.max(...overall)}`.replace(/^(\d+)\.\.\1$/, '$1');
    console.log(
      name.padEnd(52),
      String(REQUESTS).padStart(8),
      percentile(times, 50).toFixed(1).padStart(8),
      percentile(times, 99).toFixed(1).padStart(8),
      (times.at(-1) ?? Number.NaN).toFixed(1).padStart(8),
      String(failures).padStart(8),
      `  (overall ${companiesText} companies, ${groups} groups)`,
    );
  }

  const requestsFrom = new Date();
  console.log(
    `\nload average before the requests (2 cores, other work included): ${loadavg()[0]?.toFixed(2)}`,
  );
  console.log(
    `${'statistics (app.inject, sequential, admin cookie)'.padEnd(52)}`,
    'requests'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'max ms'.padStart(8),
    'non-2xx'.padStart(8),
  );
  const base = 'frequency=annual';
  await statisticsCase(
    'GET diagnosis-statistics groupBy=island year=2024',
    (id) => `criterionId=${id}&groupBy=island&${base}&year=${LAST_YEAR}`,
  );
  await statisticsCase(
    'GET diagnosis-statistics groupBy=caeSection year=2024',
    (id) => `criterionId=${id}&groupBy=caeSection&${base}&year=${LAST_YEAR}`,
  );
  await statisticsCase(
    'GET diagnosis-statistics groupBy=employeeRange 2024',
    (id) => `criterionId=${id}&groupBy=employeeRange&${base}&year=${LAST_YEAR}`,
  );
  await statisticsCase(
    'GET diagnosis-statistics groupBy=island (no year)',
    (id) => `criterionId=${id}&groupBy=island&${base}`,
  );
  // The floor under the same load: a request that is signed in, checked and answered 404 after one read of the
  // active criteria, with no statistics read at all.
  const floor: number[] = [];
  for (let i = -WARM_UP; i < REQUESTS; i++) {
    const [, ms] = await timed(() =>
      ctx.app.inject({
        method: 'GET',
        url: '/app/api/v1/diagnosis-statistics?criterionId=00000000-0000-4000-8000-000000000000',
        headers: { cookie: admin.cookie },
      }),
    );
    if (i >= 0) floor.push(ms);
  }
  floor.sort((a, b) => a - b);
  console.log(
    'GET diagnosis-statistics, unknown criterion (floor)'.padEnd(52),
    String(REQUESTS).padStart(8),
    percentile(floor, 50).toFixed(1).padStart(8),
    percentile(floor, 99).toFixed(1).padStart(8),
    (floor.at(-1) ?? Number.NaN).toFixed(1).padStart(8),
    '404'.padStart(8),
    '  (session, one read of the criteria, no statistics)',
  );
  console.log('(overall companies: those with a computable value; 1 in 16 seeded values is not computable)');
  // Had a request found statistics out of date, it would have been answered from the values and set a build off.
  const rebuilt = await countOf(
    ctx,
    sql`select count(*) as n from indicator_statistics_builds where built_at >= ${requestsFrom.toISOString()}`,
  );
  console.log(`(statistics built again during the requests: ${rebuilt}; 0 = every answer read them)`);

  // What every diagnosis run adds: the medians of all criteria in the company's CAE section (sectorMedians: from
  // the statistics computed ahead while current, else from the values).
  const sections = (await ctx.db.execute(sql`
    select d.section_id as id, count(*)::int as n from companies c join cae_divisions d on d.id = c.cae_division_id
    group by d.section_id order by n desc`)) as unknown as { rows: { id: string; n: number }[] };
  const sectorTimes: number[] = [];
  let medians = 0;
  for (let i = -WARM_UP; i < REQUESTS; i++) {
    const section = sections.rows[(i + WARM_UP) % sections.rows.length];
    if (!section) break;
    let stale = false;
    const [result, ms] = await timed(() =>
      sectorMedians(
        ctx.db,
        section.id,
        chosen,
        { frequency: 'annual', endDate: `${LAST_YEAR}-12-31` },
        () => {
          stale = true;
        },
      ),
    );
    if (stale) throw new Error('sector medians: the statistics computed ahead are not current');
    if (i < 0) continue;
    sectorTimes.push(ms);
    medians = result.size;
  }
  sectorTimes.sort((a, b) => a - b);
  console.log(
    `sector medians of ${chosen.length} criteria (sectorMedians, per section)`.padEnd(52),
    String(sectorTimes.length).padStart(8),
    percentile(sectorTimes, 50).toFixed(1).padStart(8),
    percentile(sectorTimes, 99).toFixed(1).padStart(8),
    (sectorTimes.at(-1) ?? Number.NaN).toFixed(1).padStart(8),
    '-'.padStart(8),
    `  (${sections.rows.length} sections, largest ${sections.rows[0]?.n} companies; ${medians} medians shown)`,
  );

  const criterion = chosen[0];
  if (!criterion) return;
  const query = distributionsQuery({ criterion, frequency: 'annual', year: LAST_YEAR, groupBy: 'island' });
  printPlan(
    `plan, statistics computed ahead by island (${criterion.code}, annual, ${LAST_YEAR}), what a request reads: ` +
      'EXPLAIN (ANALYZE, BUFFERS)',
    await planLines(ctx, storedStatisticsQuery([criterion], 'annual', LAST_YEAR, ['island'])),
  );
  printPlan(
    `plan, distribution by island from the values (${criterion.code}, annual, ${LAST_YEAR}), what a build or a ` +
      'filtered request computes: EXPLAIN (ANALYZE, BUFFERS)',
    await planLines(ctx, query),
  );

  await benchRefresh(ctx, admin);
}

/** The median of timed runs (after one untimed). */
async function medianOf(runs: number, run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(run))[1]);
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

/**
 * What a change of one sheet costs in indicator values, for a company with 1 kept sheet and one with 120 (monthly,
 * 2015..2024, each reading the same month a year earlier): the rebuild of every kept sheet every change made
 * until now (refreshCompanyIndicators), the recomputation of what the change can affect (refreshSheetIndicators,
 * what a change does now), and a correction of that sheet's figures through the API (PUT …/entries).
 */
async function benchRefresh(ctx: TestContext, admin: SignedIn): Promise<void> {
  const leaves = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  const values = { ...Object.fromEntries(leaves.map((code) => [code, '0'])), ...SHEET_2024 };
  const runs = 10;
  console.log(
    `\n${'indicator values after a change of one sheet'.padEnd(52)}`,
    'sheets'.padStart(8),
    'p50 ms'.padStart(8),
    `  (median of ${runs}; in a transaction each)`,
  );
  for (const count of [1, 120]) {
    const inserted = (await ctx.db.execute(sql`
      insert into companies (company_name, nif, email)
      values (${`Refresh ${count}`}, ${String(NIF_BASE - 10 - count)}, ${`refresh${count}@bench.cv`})
      returning id`)) as unknown as Rows<{ id: string }>;
    const companyId = inserted.rows[0]?.id ?? '';
    const first = await ctx.app.inject({
      method: 'POST',
      url: `/app/api/v1/companies/${companyId}/balance-sheets/entries`,
      headers: admin.headers,
      payload: { startDate: '2015-01-01', endDate: '2015-01-31', typeFrequence: 'monthly', values },
    });
    if (first.statusCode !== 201) throw new Error(`entering a sheet: ${first.statusCode} ${first.body}`);
    const firstId = (first.json() as { id: string }).id;
    // The other 119 months as copies of the first (sheet and node values), then their indicator values.
    await ctx.db.execute(sql`
      with months as (
        select make_date(2015 + m / 12, 1 + m % 12, 1) as start from generate_series(1, ${int(count - 1)}) as m
      ), sheets as (
        insert into balance_sheets (company_id, start_date, end_date, type_frequence, source, created_at, updated_at)
        select ${companyId}, start, (start + interval '1 month' - interval '1 day')::date, 'monthly', 'entry',
          now(), now()
        from months
        returning id
      )
      insert into balance_sheet_values (balance_sheet_id, node_code, value)
      select sheets.id, v.node_code, v.value from sheets cross join balance_sheet_values v
      where v.balance_sheet_id = ${firstId}`);
    await ctx.db.transaction((tx) => refreshCompanyIndicators(tx, companyId));
    // The sheet changed: a month in the middle (June 2019) with 120 sheets, the only one with 1.
    const changed = count === 1 ? '2015-01-01' : '2019-06-01';
    const sheet = (await ctx.db.execute(sql`
      select id, end_date::text as "endDate" from balance_sheets
      where company_id = ${companyId} and start_date = ${changed}`)) as unknown as Rows<{
      id: string;
      endDate: string;
    }>;
    const { id: sheetId, endDate } = sheet.rows[0] ?? { id: '', endDate: '' };
    const period = { startDate: changed, endDate };
    const full = await medianOf(runs, () =>
      ctx.db.transaction((tx) => refreshCompanyIndicators(tx, companyId)),
    );
    const incremental = await medianOf(runs, () =>
      ctx.db.transaction((tx) => refreshSheetIndicators(tx, companyId, [period])),
    );
    const correction = await medianOf(runs, async () => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/app/api/v1/companies/${companyId}/balance-sheets/${sheetId}/entries`,
        headers: admin.headers,
        payload: { ...period, typeFrequence: 'monthly', values },
      });
      if (response.statusCode !== 200) throw new Error(`correcting a sheet: ${response.statusCode}`);
    });
    const row = (name: string, ms: number) =>
      console.log(name.padEnd(52), String(count).padStart(8), ms.toFixed(1).padStart(8));
    row('every kept sheet rebuilt (refreshCompanyIndicators)', full);
    row('what the change affects (refreshSheetIndicators)', incremental);
    row('PUT balance-sheets/{id}/entries (the whole request)', correction);
  }
}
