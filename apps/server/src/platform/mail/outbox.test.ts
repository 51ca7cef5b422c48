import { sql } from 'drizzle-orm';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, stopReceiver } from '../../../test/support/smtp.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { createMailWorker, enqueueMail, listOutbox } from './outbox.ts';

const logger = pino({ level: 'silent' });
const FROM = 'Excelência <nao-responder@excelencia.test>';
/** The one login the test SMTP server accepts (the worker's SMTP_URL carries it). */
const LOGIN = { username: 'mailer', password: 's3cret' };
const receive = (messages: string[], port = 0) => startReceiver(messages, port, LOGIN);

async function parse(raw: string) {
  return PostalMime.parse(Buffer.from(raw, 'latin1'));
}

let handle: DatabaseHandle;
let received: string[];
let receiver: { server: SMTPServer; port: number } | null = null;
const smtpUrl = (port: number) => `smtp://mailer:s3cret@127.0.0.1:${port}`;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
});

afterEach(async () => {
  await handle.db.execute(sql`truncate table mail_outbox`);
  if (receiver) await stopReceiver(receiver.server);
  receiver = null;
});

afterAll(async () => {
  await handle.close();
});

describe('mail outbox', () => {
  it('delivers pending mail over SMTP once, with accents intact', async () => {
    received = [];
    receiver = await receive(received);
    const worker = createMailWorker({ db: handle.db, smtpUrl: smtpUrl(receiver.port), from: FROM, logger });

    await enqueueMail(handle.db, {
      to: 'joao@empresa.cv',
      subject: 'Confirmação do registo — Excelência',
      text: 'Olá João, confirme o seu endereço: ação necessária.',
      html: '<p>Olá João, confirme o seu endereço.</p>',
      language: 'pt',
    });
    await enqueueMail(handle.db, {
      to: 'helene@entreprise.fr',
      subject: 'Réinitialisation du mot de passe',
      text: 'Bonjour Hélène, voici votre lien. À bientôt !',
      language: 'fr',
    });

    expect(await worker.runOnce()).toEqual({ sent: 2, failed: 0 });
    expect(received).toHaveLength(2);
    const messages = await Promise.all(received.map(parse));
    const pt = messages.find((m) => m.to?.[0]?.address === 'joao@empresa.cv');
    const fr = messages.find((m) => m.to?.[0]?.address === 'helene@entreprise.fr');
    expect(pt?.subject).toBe('Confirmação do registo — Excelência');
    expect(pt?.text?.trim()).toBe('Olá João, confirme o seu endereço: ação necessária.');
    expect(pt?.html).toContain('<p>Olá João, confirme o seu endereço.</p>');
    expect(pt?.from).toMatchObject({ name: 'Excelência', address: 'nao-responder@excelencia.test' });
    expect(pt?.headers.find((h) => h.key === 'content-language')?.value).toBe('pt');
    expect(fr?.subject).toBe('Réinitialisation du mot de passe');
    expect(fr?.text?.trim()).toBe('Bonjour Hélène, voici votre lien. À bientôt !');

    const rows = await listOutbox(handle.db, {});
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(rows.every((r) => r.sentAt instanceof Date && r.attempts === 1 && r.lastError === null)).toBe(
      true,
    );

    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(2);
  });

  it('keeps mail when SMTP is down, backs off, and delivers it exactly once when SMTP is back', async () => {
    received = [];
    const first = await receive(received);
    const port = first.port;
    await stopReceiver(first.server);
    const worker = createMailWorker({ db: handle.db, smtpUrl: smtpUrl(port), from: FROM, logger });
    const { id } = await enqueueMail(handle.db, {
      to: 'ana@empresa.cv',
      subject: 'Candidatura recebida',
      text: 'A sua candidatura foi recebida.',
      language: 'pt',
    });

    const t0 = new Date(Date.now() + 1000);
    expect(await worker.runOnce(t0)).toEqual({ sent: 0, failed: 1 });
    let [row] = await listOutbox(handle.db, {});
    expect(row).toMatchObject({ id, state: 'pending', attempts: 1, sentAt: null });
    expect(row?.lastError).toBeTruthy();
    expect(row?.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);

    // Not due yet: nothing is tried.
    expect(await worker.runOnce(new Date(t0.getTime() + 10_000))).toEqual({ sent: 0, failed: 0 });

    receiver = await receive(received, port);
    const later = new Date(t0.getTime() + 31_000);
    expect(await worker.runOnce(later)).toEqual({ sent: 1, failed: 0 });
    expect(await worker.runOnce(new Date(later.getTime() + 3_600_000))).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(1);
    expect((await parse(received[0] as string)).subject).toBe('Candidatura recebida');
    [row] = await listOutbox(handle.db, {});
    expect(row).toMatchObject({ id, state: 'sent', attempts: 2, lastError: null });
    expect(row?.sentAt?.getTime()).toBe(later.getTime());
  });

  it('keeps retrying through an outage of days (delays double up to one hour), then delivers once', async () => {
    received = [];
    const gone = await receive(received);
    await stopReceiver(gone.server);
    const worker = createMailWorker({
      db: handle.db,
      smtpUrl: smtpUrl(gone.port),
      from: FROM,
      logger,
      maxAttempts: 3,
    });
    await enqueueMail(handle.db, { to: 'x@empresa.cv', subject: 'S', text: 'T', language: 'en' });

    let now = new Date(Date.now() + 1000);
    const delays: number[] = [];
    // 30 s, 1, 2, 4, 8, 16, 32 min, then hourly: 60 tries span well over two days.
    for (let i = 0; i < 60; i++) {
      expect(await worker.runOnce(now)).toEqual({ sent: 0, failed: 1 });
      const [row] = await listOutbox(handle.db, {});
      expect(row?.state).toBe('pending');
      delays.push((row?.nextAttemptAt.getTime() ?? 0) - now.getTime());
      now = row?.nextAttemptAt ?? now;
    }
    expect(delays.slice(0, 8)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000,
    ]);
    expect(delays.at(-1)).toBe(3_600_000);

    receiver = await receive(received, gone.port);
    expect(await worker.runOnce(now)).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    const [row] = await listOutbox(handle.db, {});
    expect(row).toMatchObject({ state: 'sent', attempts: 61 });
  });

  it('marks a mail failed after maxAttempts only when the server refuses its recipient for good (550)', async () => {
    received = [];
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address === 'gone@empresa.cv') {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        } else callback();
      },
      onData(stream, _session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    receiver = { server, port };
    const worker = createMailWorker({
      db: handle.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      logger,
      maxAttempts: 3,
    });
    await enqueueMail(handle.db, { to: 'gone@empresa.cv', subject: 'S', text: 'T', language: 'pt' });

    let now = new Date(Date.now() + 1000);
    for (let i = 0; i < 3; i++) {
      expect(await worker.runOnce(now)).toEqual({ sent: 0, failed: 1 });
      const [row] = await listOutbox(handle.db, {});
      expect(row?.state).toBe(i < 2 ? 'pending' : 'failed');
      expect(row?.lastError).toContain('550');
      now = row?.nextAttemptAt ?? now;
    }
    expect(await worker.runOnce(new Date(now.getTime() + 24 * 3_600_000))).toEqual({ sent: 0, failed: 0 });
  });

  it('sends a message left in "sending" by a crashed instance once the claim is 5 minutes old', async () => {
    received = [];
    receiver = await receive(received);
    const worker = createMailWorker({ db: handle.db, smtpUrl: smtpUrl(receiver.port), from: FROM, logger });
    const { id } = await enqueueMail(handle.db, {
      to: 'y@empresa.cv',
      subject: 'S',
      text: 'T',
      language: 'pt',
    });
    const claimedAt = new Date();
    await handle.db.execute(
      sql`update mail_outbox set state = 'sending', next_attempt_at = ${claimedAt.toISOString()} where id = ${id}`,
    );

    expect(await worker.runOnce(new Date(claimedAt.getTime() + 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(await worker.runOnce(new Date(claimedAt.getTime() + 5 * 60_000 + 1))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(received).toHaveLength(1);
  });

  it('sends each message once when two workers run at the same time', async () => {
    received = [];
    receiver = await receive(received);
    const options = { db: handle.db, smtpUrl: smtpUrl(receiver.port), from: FROM, logger };
    const a = createMailWorker(options);
    const b = createMailWorker(options);
    for (let i = 0; i < 4; i++) {
      await enqueueMail(handle.db, { to: `c${i}@empresa.cv`, subject: `M${i}`, text: 'T', language: 'en' });
    }
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect((ra?.sent ?? 0) + (rb?.sent ?? 0)).toBe(4);
    expect(received).toHaveLength(4);
    const subjects = (await Promise.all(received.map(parse))).map((m) => m.subject).sort();
    expect(subjects).toEqual(['M0', 'M1', 'M2', 'M3']);
  });

  it('start() polls the outbox and stop() ends polling', async () => {
    received = [];
    receiver = await receive(received);
    const worker = createMailWorker({
      db: handle.db,
      smtpUrl: smtpUrl(receiver.port),
      from: FROM,
      logger,
      pollIntervalMs: 20,
    });
    worker.start();
    await enqueueMail(handle.db, { to: 'z@empresa.cv', subject: 'Polled', text: 'T', language: 'pt' });
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    await worker.stop();
    await enqueueMail(handle.db, { to: 'z@empresa.cv', subject: 'After stop', text: 'T', language: 'pt' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(received).toHaveLength(1);
    const states = (await listOutbox(handle.db, {})).map((r) => r.state).sort();
    expect(states).toEqual(['pending', 'sent']);
  });

  it('enqueues nothing when the causing transaction rolls back', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'r@empresa.cv', subject: 'S', text: 'T', language: 'pt' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await listOutbox(handle.db, {})).toEqual([]);

    await handle.db.transaction(async (tx) => {
      await enqueueMail(tx, { to: 'c@empresa.cv', subject: 'S', text: 'T', language: 'pt' });
    });
    expect(await listOutbox(handle.db, {})).toHaveLength(1);
  });
});
