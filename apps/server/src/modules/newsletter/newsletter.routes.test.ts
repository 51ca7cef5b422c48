import { sql } from 'drizzle-orm';
import pino from 'pino';
import PostalMime, { type Email } from 'postal-mime';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { API_PREFIX, apiCalls } from '../../../test/support/http.ts';
import { startReceiver, stopReceiver } from '../../../test/support/smtp.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createMailWorker } from '../../platform/mail/outbox.ts';
import { createCampaignSender } from './campaign-sender.ts';

const logger = pino({ level: 'silent' });
let ctx: TestContext;
let received: string[];
let receiver: { server: SMTPServer; port: number };
let worker: ReturnType<typeof createMailWorker>;
let admin: SignedIn;
let adminEmail: string;
let company: SignedIn;
/** Each visitor calls from its own client address, so the per-address limit of one test stays its own. */
let address = 0;

async function visitor() {
  address += 1;
  const remoteAddress = `10.1.${Math.floor(address / 250)}.${address % 250}`;
  const csrf = (await ctx.app.inject({ method: 'GET', url: '/auth/csrf', remoteAddress })).json().csrfToken;
  return { remoteAddress, headers: { cookie: `portal_csrf=${csrf}`, 'x-csrf-token': csrf } };
}

async function subscribe(
  email: string,
  language: string,
  who?: Awaited<ReturnType<typeof visitor>>,
  headers: Record<string, string> = {},
) {
  const client = who ?? (await visitor());
  return ctx.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/public/newsletter/subscriptions`,
    payload: { email, language },
    remoteAddress: client.remoteAddress,
    headers: { ...client.headers, ...headers },
  });
}

/** Sends the outbox through the real SMTP server and returns the new messages, parsed. */
async function deliver(): Promise<Email[]> {
  const before = received.length;
  await worker.runOnce();
  return Promise.all(received.slice(before).map((raw) => PostalMime.parse(Buffer.from(raw, 'latin1'))));
}

function header(message: Email | undefined, name: string): string | undefined {
  return message?.headers.find((h) => h.key === name.toLowerCase())?.value;
}

function linkIn(message: Email | undefined, kind: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(
    `http://localhost:4200(/app/api/v1/public/newsletter/${kind}/[\\w-]+(\\?campaign=[\\w-]+)?)`,
  ).exec(message?.text ?? '');
  if (!match?.[1]) throw new Error(`No ${kind} link in ${message?.text}`);
  return match[1];
}

/** Subscribes and confirms an address; returns its confirmation mail. */
async function confirmedSubscriber(email: string, language: string): Promise<Email> {
  expect((await subscribe(email, language)).statusCode).toBe(202);
  const [mail] = await deliver();
  const confirm = await ctx.app.inject({ method: 'GET', url: linkIn(mail, 'confirm') });
  expect(confirm.statusCode).toBe(200);
  return mail as Email;
}

const admin$ = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `${API_PREFIX}/${url}`,
    headers: admin.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const { get, send } = apiCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  received = [];
  receiver = await startReceiver(received);
  worker = createMailWorker({
    db: ctx.db,
    smtpUrl: `smtp://127.0.0.1:${receiver.port}`,
    from: 'Excelência <no-reply@excelencia.test>',
    logger,
  });
  const user = await ctx.createUser({ email: 'gestora@excelencia.cv', name: 'Gestora', roles: ['admin'] });
  adminEmail = user.email;
  admin = await ctx.signIn(user.email, user.password);
  const companyUser = await ctx.createUser({ email: 'dona@loja.cv', roles: ['company'] });
  company = await ctx.signIn(companyUser.email, companyUser.password);
});

beforeEach(async () => {
  await ctx.db.execute(
    sql`truncate newsletter_deliveries, newsletter_campaigns, newsletter_subscribers, mail_outbox, audit_log`,
  );
});

afterAll(async () => {
  await worker?.stop();
  if (receiver) await stopReceiver(receiver.server);
  await ctx?.close();
});

describe('POST /app/api/v1/public/newsletter/subscriptions', () => {
  it('mails a confirmation link in the visitor’s language, with the one-click unsubscribe headers', async () => {
    const answer = await subscribe('Leitor@Exemplo.cv', 'en');
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ status: 'pending' });

    const [mail, ...others] = await deliver();
    expect(others).toHaveLength(0);
    expect(mail?.to?.[0]?.address).toBe('leitor@exemplo.cv');
    expect(mail?.subject).toBe('Confirm your subscription to the Business Excellence newsletter');
    const unsubscribe = linkIn(mail, 'unsubscribe');
    expect(header(mail, 'List-Unsubscribe')).toBe(`<http://localhost:4200${unsubscribe}>`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Pending until the link is followed.
    let list = await admin$('GET', 'newsletter/subscribers');
    expect(list.json().items).toMatchObject([
      { email: 'leitor@exemplo.cv', language: 'en', status: 'pending' },
    ]);

    const confirm = await ctx.app.inject({ method: 'GET', url: linkIn(mail, 'confirm') });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers['content-type']).toContain('text/html');
    expect(confirm.body).toContain('Your newsletter subscription is confirmed');
    list = await admin$('GET', 'newsletter/subscribers');
    expect(list.json().items).toMatchObject([{ status: 'confirmed' }]);

    // The link works once.
    const again = await ctx.app.inject({
      method: 'GET',
      url: linkIn(mail, 'confirm'),
      headers: { 'x-language': 'fr' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('<h1>Lien invalide</h1>');
  });

  it('never tells the address it is subscribed before the link is followed, in pt, en and fr', async () => {
    await subscribe('pt@exemplo.cv', 'pt');
    await subscribe('en@exemplo.cv', 'en');
    await subscribe('fr@exemplo.cv', 'fr');
    const mails = await deliver();
    const byAddress = new Map(mails.map((m) => [m.to?.[0]?.address, m]));
    const said = (address: string) => `${byAddress.get(address)?.text}\n${byAddress.get(address)?.html}`;
    expect(said('fr@exemplo.cv')).not.toMatch(/vous êtes abonn/i);
    expect(said('fr@exemplo.cv')).toContain("vous ne la recevrez qu'après l'avoir confirmé");
    expect(said('en@exemplo.cv')).not.toMatch(/because you subscribed/i);
    expect(said('en@exemplo.cv')).toContain('you will receive it only once you confirm');
    expect(said('pt@exemplo.cv')).not.toMatch(/porque subscreveu/i);
    expect(said('pt@exemplo.cv')).toContain('só a receberá depois de confirmar');
  });

  it('answers a confirmed address exactly as a new one, and mails it nothing', async () => {
    await confirmedSubscriber('ja@exemplo.cv', 'pt');
    const repeated = await subscribe('ja@exemplo.cv', 'pt');
    const fresh = await subscribe('novo@exemplo.cv', 'pt');
    expect(repeated.statusCode).toBe(fresh.statusCode);
    expect(repeated.body).toBe(fresh.body);
    const mails = await deliver();
    expect(mails.map((m) => m.to?.[0]?.address)).toEqual(['novo@exemplo.cv']);
  });

  it('refuses an invalid address with the invalid-email message', async () => {
    const answer = await subscribe('not-an-address', 'en', undefined, { 'x-language': 'en' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.details).toEqual([{ path: 'email', message: 'Invalid email address' }]);
    const pt = await subscribe('nome@', 'pt', undefined, { 'x-language': 'pt' });
    expect(pt.json().error.details).toEqual([{ path: 'email', message: 'Endereço de e-mail inválido' }]);
    expect(await deliver()).toHaveLength(0);
  });

  it('limits repeated requests for one address (3 an hour) and from one client (10 a minute), with a translated 429', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await subscribe('insistente@exemplo.cv', 'pt')).statusCode).toBe(202);
    const fourth = await subscribe('insistente@exemplo.cv', 'pt', undefined, { 'x-language': 'pt' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe('Demasiados pedidos. Tente de novo dentro de momentos.');
    expect(await deliver()).toHaveLength(3);

    const client = await visitor();
    for (let i = 0; i < 10; i += 1) {
      expect((await subscribe(`pessoa${i}@exemplo.cv`, 'pt', client)).statusCode).toBe(202);
    }
    const eleventh = await subscribe('pessoa10@exemplo.cv', 'en', client, { 'x-language': 'en' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.code).toBe('rate_limited');
  });
});

describe('GET and POST /app/api/v1/public/newsletter/unsubscribe/{token}', () => {
  it('unsubscribes in one click from the link, again harmlessly, and answers a page in the subscriber’s language', async () => {
    const mail = await confirmedSubscriber('sair@exemplo.cv', 'fr');
    const link = linkIn(mail, 'unsubscribe');
    const page = await ctx.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Vous ne recevrez plus');
    expect(page.body).toContain('sair@exemplo.cv');
    const again = await ctx.app.inject({ method: 'GET', url: link });
    expect(again.statusCode).toBe(200);
    const list = await admin$('GET', 'newsletter/subscribers?status=unsubscribed');
    expect(list.json().items).toMatchObject([{ email: 'sair@exemplo.cv', status: 'unsubscribed' }]);

    const unknown = await get(null, `/public/newsletter/unsubscribe/nope`);
    expect(unknown.statusCode).toBe(404);
  });

  it('takes the mail client’s RFC 8058 POST without a CSRF token (urlencoded or multipart body)', async () => {
    const mail = await confirmedSubscriber('cliente@exemplo.cv', 'en');
    const link = linkIn(mail, 'unsubscribe');
    const posted = await ctx.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    let list = await admin$('GET', 'newsletter/subscribers?status=confirmed');
    expect(list.json().total).toBe(0);

    // Subscribing again needs a new confirmation; a multipart one-click POST unsubscribes again.
    expect((await subscribe('cliente@exemplo.cv', 'en')).statusCode).toBe(202);
    const [second] = await deliver();
    await ctx.app.inject({ method: 'GET', url: linkIn(second, 'confirm') });
    list = await admin$('GET', 'newsletter/subscribers?status=confirmed');
    expect(list.json().total).toBe(1);
    const boundary = 'x-boundary';
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: linkIn(second, 'unsubscribe'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    list = await admin$('GET', 'newsletter/subscribers?status=unsubscribed');
    expect(list.json().total).toBe(1);
  });
});

describe('newsletter administration', () => {
  it('is for administrators only', async () => {
    const anonymous = await get(null, `/newsletter/subscribers`);
    expect(anonymous.statusCode).toBe(401);
    for (const url of ['newsletter/subscribers', 'newsletter/subscribers/export', 'newsletter/campaigns']) {
      const asCompany = await get(company, `/${url}`);
      expect(asCompany.statusCode, url).toBe(403);
    }
    const create = await send(company, 'POST', `/newsletter/campaigns`, {
      subject: { pt: 'A', en: '', fr: '' },
      body: { pt: '<p>B</p>', en: '', fr: '' },
    });
    expect(create.statusCode).toBe(403);
    expect((await admin$('GET', 'newsletter/subscribers')).statusCode).toBe(200);
  });

  it('exports the subscribers as a spreadsheet', async () => {
    await confirmedSubscriber('folha@exemplo.cv', 'pt');
    const answer = await admin$('GET', 'newsletter/subscribers/export?status=confirmed');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.headers['content-disposition']).toMatch(/newsletter-subscribers-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(answer.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('sends a campaign once to each confirmed subscriber in their language, even when the job stops halfway', async () => {
    const subscribers = [
      ['ana@exemplo.cv', 'pt'],
      ['ben@exemplo.cv', 'en'],
      ['chloe@exemplo.cv', 'fr'],
      ['dinis@exemplo.cv', 'pt'],
      ['eve@exemplo.cv', 'en'],
    ] as const;
    for (const [email, language] of subscribers) await confirmedSubscriber(email, language);
    await confirmedSubscriber('saiu@exemplo.cv', 'pt');
    await ctx.app.inject({
      method: 'GET',
      url: linkIn(await subscribeAgainMail('saiu@exemplo.cv'), 'unsubscribe'),
    });
    await subscribe('pendente@exemplo.cv', 'pt');
    await deliver();

    const created = await admin$('POST', 'newsletter/campaigns', {
      subject: { pt: 'Novidades de novembro', en: 'November news', fr: '' },
      body: {
        pt: '<p onclick="steal()">Olá <strong>a todos</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        en: '<p>Hello <em>everyone</em></p><iframe src="https://evil.example"></iframe><p><a href="/en/public/faqs">FAQ</a></p>',
        fr: '',
      },
    });
    expect(created.statusCode).toBe(201);
    const campaign = created.json();
    expect(campaign).toMatchObject({
      status: 'draft',
      missingLanguages: ['fr'],
      counts: { total: 5, queued: 0 },
    });
    expect(campaign.body.pt).toBe('<p>Olá <strong>a todos</strong></p><a rel="noopener noreferrer">x</a>');
    expect(campaign.body.en).toBe(
      '<p>Hello <em>everyone</em></p><p><a rel="noopener noreferrer" href="/en/public/faqs">FAQ</a></p>',
    );

    const preview = await admin$('GET', `newsletter/campaigns/${campaign.id}/preview/fr`);
    expect(preview.json()).toEqual({
      language: 'pt',
      fallback: true,
      subject: 'Novidades de novembro',
      html: '<p>Olá <strong>a todos</strong></p><a rel="noopener noreferrer">x</a>',
    });

    const test = await admin$('POST', `newsletter/campaigns/${campaign.id}/test`, { language: 'en' });
    expect(test.statusCode).toBe(202);
    expect(test.json()).toEqual({ to: adminEmail, language: 'en' });
    const [testMail, ...noMore] = await deliver();
    expect(noMore).toHaveLength(0);
    expect(testMail?.subject).toBe('[Test] November news');
    expect(testMail?.to?.[0]?.address).toBe(adminEmail);

    const sending = await admin$('POST', `newsletter/campaigns/${campaign.id}/send`);
    expect(sending.statusCode).toBe(202);
    expect(sending.json()).toMatchObject({ status: 'sending', counts: { total: 5, queued: 0 } });
    // Sending started: the campaign no longer changes.
    const edit = await admin$('PUT', `newsletter/campaigns/${campaign.id}`, {
      subject: campaign.subject,
      body: campaign.body,
      version: campaign.version,
    });
    expect(edit.statusCode).toBe(409);
    expect((await admin$('POST', `newsletter/campaigns/${campaign.id}/send`)).statusCode).toBe(409);

    // One instance queues a batch of 2 and stops; another, started later, finishes.
    const first = createCampaignSender({ db: ctx.db, publicUrl: ctx.config.publicUrl, logger, batchSize: 2 });
    expect(await first.runOnce(1)).toBe(2);
    await first.stop();
    const halfway = (await admin$('GET', `newsletter/campaigns/${campaign.id}`)).json();
    expect(halfway).toMatchObject({ status: 'sending', counts: { total: 5, queued: 2, sent: 0 } });
    const firstMails = await deliver();
    expect(firstMails).toHaveLength(2);

    const second = createCampaignSender({
      db: ctx.db,
      publicUrl: ctx.config.publicUrl,
      logger,
      batchSize: 2,
    });
    expect(await second.runOnce()).toBe(3);
    expect(await second.runOnce()).toBe(0);
    await second.stop();
    const rest = await deliver();
    const all = [...firstMails, ...rest];
    expect(all.map((m) => m.to?.[0]?.address).sort()).toEqual(subscribers.map(([email]) => email).sort());
    const subjects = Object.fromEntries(all.map((m) => [m.to?.[0]?.address, m.subject]));
    expect(subjects).toEqual({
      'ana@exemplo.cv': 'Novidades de novembro',
      'ben@exemplo.cv': 'November news',
      'chloe@exemplo.cv': 'Novidades de novembro',
      'dinis@exemplo.cv': 'Novidades de novembro',
      'eve@exemplo.cv': 'November news',
    });
    const ben = all.find((m) => m.to?.[0]?.address === 'ben@exemplo.cv');
    expect(ben?.html).toContain('<p>Hello <em>everyone</em></p>');
    // The site's own links are absolute in a mail.
    expect(ben?.html).toContain(
      '<a rel="noopener noreferrer" href="http://localhost:4200/en/public/faqs">FAQ</a>',
    );
    expect(ben?.text).toContain('FAQ (http://localhost:4200/en/public/faqs)');
    const benLink = linkIn(ben, 'unsubscribe');
    expect(benLink).toContain(`?campaign=${campaign.id}`);
    expect(header(ben, 'List-Unsubscribe')).toBe(`<http://localhost:4200${benLink}>`);
    expect(header(ben, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    await ctx.app.inject({
      method: 'POST',
      url: benLink,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    const done = (await admin$('GET', `newsletter/campaigns/${campaign.id}`)).json();
    expect(done).toMatchObject({
      status: 'sent',
      counts: { total: 5, queued: 5, sent: 5, failed: 0, unsubscribed: 1 },
    });
    expect(done.sentAt).not.toBeNull();

    const audited = await ctx.db.select().from(auditLog);
    expect(audited.map((row) => row.action).sort()).toEqual(['create', 'send', 'test']);
    expect(audited.every((row) => row.entity === 'newsletter/campaigns')).toBe(true);
  });

  it('edits and deletes a draft with its version, and refuses to send with no confirmed subscriber', async () => {
    const created = (
      await admin$('POST', 'newsletter/campaigns', {
        subject: { pt: 'Rascunho', en: '', fr: '' },
        body: { pt: '<p>Texto</p>', en: '', fr: '' },
      })
    ).json();
    const updated = await admin$('PUT', `newsletter/campaigns/${created.id}`, {
      subject: { pt: 'Rascunho', en: 'Draft', fr: 'Brouillon' },
      body: { pt: '<p>Texto</p>', en: '<p>Text</p>', fr: '<p>Texte</p>' },
      version: created.version,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ version: created.version + 1, missingLanguages: [] });
    const stale = await admin$('PUT', `newsletter/campaigns/${created.id}`, {
      subject: { pt: 'X', en: '', fr: '' },
      body: { pt: '<p>X</p>', en: '', fr: '' },
      version: created.version,
    });
    expect(stale.statusCode).toBe(409);
    const missingPt = await admin$('POST', 'newsletter/campaigns', {
      subject: { pt: '', en: 'Only English', fr: '' },
      body: { pt: '', en: '<p>x</p>', fr: '' },
    });
    expect(missingPt.statusCode).toBe(400);
    const none = await admin$('POST', `newsletter/campaigns/${created.id}/send`);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('no_subscribers');
    expect((await admin$('DELETE', `newsletter/campaigns/${created.id}`)).statusCode).toBe(204);
    expect((await admin$('GET', `newsletter/campaigns/${created.id}`)).statusCode).toBe(404);
  });

  it('answers other requests between batches while a large campaign is being queued', async () => {
    await ctx.db.execute(sql`insert into newsletter_subscribers (email, language, status, unsubscribe_token, confirmed_at)
      select 'leitor-' || g || '@lote.test', 'pt', 'confirmed', md5('lote' || g), now() - interval '1 day'
      from generate_series(1, 600) g`);
    const campaign = (
      await admin$('POST', 'newsletter/campaigns', {
        subject: { pt: 'Lote', en: 'Batch', fr: 'Lot' },
        body: { pt: '<p>Texto</p>', en: '<p>Text</p>', fr: '<p>Texte</p>' },
      })
    ).json();
    expect((await admin$('POST', `newsletter/campaigns/${campaign.id}/send`)).statusCode).toBe(202);
    const sender = createCampaignSender({
      db: ctx.db,
      publicUrl: ctx.config.publicUrl,
      logger,
      batchSize: 5,
    });
    const running = sender.runOnce();
    // On PGlite's single connection the batches once ran back to back and a read waited for the last one: here
    // several reads, one after the other, each answer while the campaign is still being queued.
    const seen: number[] = [];
    for (let read = 0; read < 5; read++) {
      const during = (await admin$('GET', `newsletter/campaigns/${campaign.id}`)).json();
      expect(during.status).toBe('sending');
      seen.push(during.counts.queued);
    }
    expect(Math.max(...seen)).toBeLessThan(600);
    const queued = await running;
    await sender.stop();
    const after = (await admin$('GET', `newsletter/campaigns/${campaign.id}`)).json();
    expect(after).toMatchObject({ status: 'sent', counts: { queued: after.counts.total } });
    expect(queued).toBe(after.counts.total);
    expect(after.counts.total).toBeGreaterThanOrEqual(600);
    await ctx.db.execute(sql`delete from newsletter_deliveries where campaign_id = ${campaign.id}`);
    await ctx.db.execute(sql`delete from mail_outbox where to_address like '%@lote.test'`);
  });
});

/** A confirmed address subscribing again gets no mail, so its unsubscribe link comes from the first one. */
async function subscribeAgainMail(email: string): Promise<Email> {
  const rows = await ctx.db.execute<{ unsubscribe_token: string }>(
    sql`select unsubscribe_token from newsletter_subscribers where email = ${email}`,
  );
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { unsubscribe_token: string }[] }).rows) as {
    unsubscribe_token: string;
  }[];
  const token = list[0]?.unsubscribe_token ?? '';
  return { text: `http://localhost:4200/app/api/v1/public/newsletter/unsubscribe/${token}` } as Email;
}
