import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createCampaignSender } from '../apps/server/src/modules/newsletter/campaign-sender.ts';
import type { TestContext } from '../apps/server/test/support/context.ts';

/**
 * A newsletter campaign to BENCH_CAMPAIGN_RECIPIENTS (9 000) subscribers being queued while a visitor reads pages:
 * how long the queueing takes and what the reads wait (p50/p99/max of a public page's API read, one after the
 * other with 20 ms between them). On PGlite's single connection the batches must leave the reads their turn.
 */
export async function benchCampaign(ctx: TestContext, on: string): Promise<void> {
  const recipients = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 9000);
  await ctx.db.execute(sql`insert into newsletter_subscribers (email, language, status, unsubscribe_token, confirmed_at)
    select 'bench-' || g || '@campaign.test', (array['pt','en','fr'])[1 + g % 3], 'confirmed', md5('bench' || g),
      now() - interval '1 day'
    from generate_series(1, ${recipients}) g`);
  await ctx.db.execute(sql`insert into newsletter_campaigns (subject, body, status, send_started_at)
    values ('{"pt":"Novidades","en":"News","fr":"Nouvelles"}',
      '{"pt":"<p>Texto</p>","en":"<p>Text</p>","fr":"<p>Texte</p>"}', 'sending', now())`);
  const sender = createCampaignSender({
    db: ctx.db,
    publicUrl: 'http://localhost',
    logger: pino({ level: 'silent' }),
  });
  const startedAt = performance.now();
  let queuedIn = 0;
  const running = sender.runOnce().then((queued) => {
    queuedIn = performance.now() - startedAt;
    return queued;
  });
  const waits: number[] = [];
  let finished = false;
  void running.then(() => {
    finished = true;
  });
  while (!finished) {
    const at = performance.now();
    const res = await ctx.app.inject({ url: '/app/api/v1/public/content/news?language=pt' });
    if (res.statusCode !== 200) throw new Error(`read: ${res.statusCode} ${res.body.slice(0, 200)}`);
    waits.push(performance.now() - at);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const queued = await running;
  await sender.stop();
  waits.sort((a, b) => a - b);
  const at = (q: number) => (waits[Math.min(waits.length - 1, Math.floor(waits.length * q))] ?? 0).toFixed(0);
  console.log(
    `\ncampaign on ${on}: ${queued} recipients queued in ${queuedIn.toFixed(0)} ms; ${waits.length} page reads ` +
      `meanwhile: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${(waits.at(-1) ?? 0).toFixed(0)} ms`,
  );
}
