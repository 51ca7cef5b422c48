/**
 * autocannon in a process of its own, for the soak of scripts/bench-soak.ts: the portal's process then holds
 * only the portal, so its memory figures are its own. Reads the autocannon options as JSON on stdin, runs them
 * (without workers: this process is the load generator) and writes the result's figures as JSON on stdout.
 */
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';

const options = JSON.parse(await text(process.stdin)) as autocannon.Options;
const result = await autocannon({ ...options, workers: undefined });
process.stdout.write(
  JSON.stringify({
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  }),
);
