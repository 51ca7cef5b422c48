/**
 * kill -9 of the portal process in the middle of an upload and of a newsletter campaign, then a restart on the
 * same database and data folder: no record without its file, and every subscriber mailed exactly once. The
 * portal runs as `npm start` runs it (main.ts in a child process) on PostgreSQL (TEST_DATABASE_URL, npm run
 * test:pg): PGlite lives inside the killed process, and what a kill leaves of its files is not the point here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInThroughLoginPage } from '@excelencia/idp/testing';
import pg from 'pg';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigTrialBalance, multipart } from './support/balance-sheets.ts';
import { startReceiver, stopReceiver } from './support/smtp.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL;
const SUBSCRIBERS = 120;
/** The message whose final SMTP reply never comes: the portal is killed while it waits for it. */
const KILL_AT_MESSAGE = 30;

if (!adminUrl) {
  console.log(
    'kill-restart.test.ts: skipped on PGlite (the database lives inside the killed process); runs on PostgreSQL with TEST_DATABASE_URL (npm run test:pg).',
  );
}

interface Portal {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

describe.skipIf(!adminUrl)('kill -9 and restart (PostgreSQL)', () => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  let dataDir: string;
  let databaseName: string;
  let databaseUrl: string;
  let db: pg.Client;
  let receiver: { server: SMTPServer; port: number };
  const received: string[] = [];
  /** Decides each message's fate before the receiver's final reply (see startReceiver). */
  let beforeAccept: (raw: string) => Promise<'accept' | 'drop'> = async () => 'accept';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'excelencia-kill-'));
    databaseName = `excelencia_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    databaseUrl = url.href;
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    receiver = await startReceiver(received, 0, undefined, (raw) => beforeAccept(raw));
  });

  afterAll(async () => {
    await db?.end();
    if (receiver) await stopReceiver(receiver.server);
    if (databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The portal as `npm start` runs it, on the test's database, data folder, ports and SMTP receiver. */
  async function start(): Promise<Portal> {
    let output = '';
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        IDP_PORT: String(port + 1),
        SMTP_URL: `smtp://127.0.0.1:${receiver.port}`,
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const portal = { child, output: () => output, exited };
    for (const deadline = Date.now() + 90_000; ; ) {
      const health = await fetch(`${base}/app/api/v1/health`).catch(() => undefined);
      if (health?.status === 200) return portal;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function kill(portal: Portal): Promise<void> {
    portal.child.kill('SIGKILL');
    await portal.exited;
  }

  async function stop(portal: Portal): Promise<void> {
    portal.child.kill('SIGTERM');
    expect(await portal.exited, portal.output()).toBe(0);
  }

  async function until(what: string, check: () => Promise<boolean>, ms = 120_000): Promise<void> {
    for (const deadline = Date.now() + ms; !(await check()); ) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The browser sign-in over HTTP: /auth/login → the provider's login page → /auth/callback. */
  async function signIn(email: string, password: string): Promise<{ cookie: string; csrf: string }> {
    const cookies = (response: Response) => response.headers.getSetCookie().map((h) => h.split(';')[0] ?? '');
    const login = await fetch(`${base}/auth/login?callbackUrl=/pt/company/dashboard`, { redirect: 'manual' });
    const loginPair = cookies(login).find((pair) => pair.startsWith('portal_login_')) ?? '';
    const returned = new URL(
      await signInThroughLoginPage(login.headers.get('location') ?? '', email, password),
    );
    const callback = await fetch(`${base}/auth/callback${returned.search}`, {
      headers: { cookie: loginPair },
      redirect: 'manual',
    });
    const cookie = cookies(callback).find((pair) => pair.startsWith('portal_session=')) ?? '';
    expect(cookie, `callback ${callback.status}`).not.toBe('');
    const csrf = (
      (await (await fetch(`${base}/auth/csrf`, { headers: { cookie } })).json()) as { csrfToken: string }
    ).csrfToken;
    return { cookie, csrf };
  }

  /**
   * Sends an upload and kills the portal when `killAfter` bytes of it are written: part of the body (the portal
   * is reading it), or all of it (the portal is checking and storing it).
   */
  function uploadAndKill(
    portal: Portal,
    session: { cookie: string; csrf: string },
    companyId: string,
    body: { payload: Buffer; contentType: string },
    killAfter: number,
  ): Promise<void> {
    return new Promise((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/app/api/v1/companies/${companyId}/balance-sheets`,
        headers: {
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
          'content-type': body.contentType,
          'content-length': body.payload.length,
        },
      });
      req.on('error', () => resolve());
      req.on('response', (response) => {
        response.resume();
        response.on('close', () => resolve());
      });
      const killNow = () => void kill(portal);
      if (killAfter < body.payload.length) req.write(body.payload.subarray(0, killAfter), killNow);
      else req.end(body.payload, killNow);
    });
  }

  /** Every file row's blob is on disk, whole (its bytes hash to its name and add up to its size). */
  async function filesAreWhole(): Promise<number> {
    const rows = (await db.query<{ sha256: string; size: number }>('select sha256, size from files')).rows;
    for (const row of rows) {
      const blob = await readFile(
        join(dataDir, 'files', row.sha256.slice(0, 2), row.sha256.slice(2, 4), row.sha256),
      );
      expect(createHash('sha256').update(blob).digest('hex')).toBe(row.sha256);
      expect(blob.length).toBe(Number(row.size));
    }
    return rows.length;
  }

  const sheetsOf = async (companyId: string, startDate: string) =>
    (
      await db.query<{ file_id: string | null }>(
        'select file_id from balance_sheets where company_id = $1 and start_date = $2',
        [companyId, startDate],
      )
    ).rows;

  it('leaves no balance sheet or file row without its whole file after kill -9 mid-upload', async () => {
    let portal = await start();
    const session = await signIn('empresa@excelencia.cv', 'Empresa!2026');
    const [company] = (await (
      await fetch(`${base}/app/api/v1/me/companies`, { headers: { cookie: session.cookie } })
    ).json()) as { id: string }[];
    const companyId = company?.id ?? '';
    const file = { data: await bigTrialBalance(20_000), filename: 'balancete.xlsx' };
    const period = (year: number) => ({
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      typeFrequence: 'annual',
    });
    const filesBefore = await filesAreWhole();

    // Killed while the body is half sent, then while the whole body is being checked and stored.
    const halfSent = multipart(period(2011), file);
    await uploadAndKill(portal, session, companyId, halfSent, Math.floor(halfSent.payload.length / 2));
    portal = await start();
    const whole = multipart(period(2012), file);
    await uploadAndKill(
      portal,
      await signIn('empresa@excelencia.cv', 'Empresa!2026'),
      companyId,
      whole,
      Infinity,
    );
    portal = await start();

    // The restarted portal removed the temporary folders the killed uploads left behind.
    expect(await readdir(join(dataDir, 'tmp', 'uploads')).catch(() => [])).toEqual([]);
    // Nothing of the half-sent upload; the other one is there whole or not at all.
    expect(await sheetsOf(companyId, '2011-01-01')).toEqual([]);
    const interrupted = await sheetsOf(companyId, '2012-01-01');
    expect(interrupted.length).toBeLessThanOrEqual(1);
    for (const sheet of interrupted) expect(sheet.file_id).not.toBeNull();
    const filesAfterKills = await filesAreWhole();
    expect(filesAfterKills - filesBefore).toBe(interrupted.length);

    // The restarted portal takes the same file again (a blob cut short by the kill does not stand in for it).
    const again = await signIn('empresa@excelencia.cv', 'Empresa!2026');
    const retry = multipart(period(2011), file);
    const response = await fetch(`${base}/app/api/v1/companies/${companyId}/balance-sheets`, {
      method: 'POST',
      headers: { cookie: again.cookie, 'x-csrf-token': again.csrf, 'content-type': retry.contentType },
      body: new Uint8Array(retry.payload),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const [stored] = await sheetsOf(companyId, '2011-01-01');
    expect(stored?.file_id).toBeTruthy();
    await filesAreWhole();
    await stop(portal);
  }, 300_000);

  it('mails every subscriber exactly once when killed mid-campaign and restarted', async () => {
    let portal = await start();
    const subscribers = Array.from({ length: SUBSCRIBERS }, (_, i) => `leitor-${i}@kill.test`);
    await db.query(
      `insert into newsletter_subscribers (email, language, status, unsubscribe_token, confirmed_at)
       select e, 'pt', 'confirmed', md5(e), now() - interval '1 hour' from unnest($1::text[]) as e`,
      [subscribers],
    );
    let accepted = 0;
    let killed: Promise<void> | undefined;
    beforeAccept = async () => {
      accepted += 1;
      if (accepted !== KILL_AT_MESSAGE) return 'accept';
      // The portal waits for this message's final reply: it dies now, and the message never counted.
      killed = kill(portal);
      await killed;
      return 'drop';
    };
    const campaign = (
      await db.query<{ id: string }>(
        `insert into newsletter_campaigns (status, subject, body, total_recipients, send_started_at)
         values ('sending', $1, $2, $3, now()) returning id`,
        [
          JSON.stringify({ pt: 'Notícias', en: 'News', fr: 'Nouvelles' }),
          JSON.stringify({ pt: '<p>Olá</p>', en: '<p>Hello</p>', fr: '<p>Bonjour</p>' }),
          SUBSCRIBERS,
        ],
      )
    ).rows[0]?.id;
    await until('the kill mid-campaign', async () => killed !== undefined);
    await killed;

    // What the kill left: whole batches of deliveries, each with its outbox row; the one mail in flight claimed.
    const deliveries = (
      await db.query<{ n: string; orphans: string }>(
        `select count(*) as n, count(*) filter (where o.id is null) as orphans
         from newsletter_deliveries d left join mail_outbox o on o.id = d.outbox_id where d.campaign_id = $1`,
        [campaign],
      )
    ).rows[0];
    expect(Number(deliveries?.orphans)).toBe(0);
    expect([50, 100, SUBSCRIBERS]).toContain(Number(deliveries?.n));
    // A claim left by a dead sender is released after 5 minutes: that time is made to pass here.
    const released = await db.query(
      `update mail_outbox set next_attempt_at = next_attempt_at - interval '5 minutes 1 second'
       where state = 'sending' and to_address like '%@kill.test'`,
    );
    expect(released.rowCount).toBe(1);

    beforeAccept = async () => 'accept';
    portal = await start();
    await until('the campaign to be sent', async () => {
      const left = await db.query(
        `select 1 from newsletter_campaigns where id = $1 and status = 'sent'
         and not exists (select 1 from mail_outbox where to_address like '%@kill.test' and state <> 'sent')`,
        [campaign],
      );
      return left.rowCount === 1;
    });
    await stop(portal);

    const mailedTo = received
      .map((raw) => /^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '')
      .filter((to) => to.endsWith('@kill.test'));
    expect(mailedTo.length).toBe(SUBSCRIBERS);
    expect(new Set(mailedTo)).toEqual(new Set(subscribers));
    const perSubscriber = await db.query<{ n: string }>(
      'select count(*) as n from newsletter_deliveries where campaign_id = $1',
      [campaign],
    );
    expect(Number(perSubscriber.rows[0]?.n)).toBe(SUBSCRIBERS);
  }, 300_000);
});
