/**
 * The processes of the deadline rush (scripts/bench-rush.ts) besides the portal's, so its memory figures are its
 * own: `node bench-rush-child.ts <role>`, reading its options as one JSON line on stdin.
 * - companies: every company applies, uploads its 8 PDFs (generated as they are sent, never whole in memory) and
 *   submits, each starting at its moment of the window; writes the steps' times and errors as JSON on stdout.
 * - browse: autocannon with the given options until a line `stop` (or the end of stdin); writes its figures.
 * - s3: an S3-protocol server (s3rver, test/support/s3.ts) with the given bucket; writes its FILES_URL, stops at
 *   the end of stdin.
 */
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startS3Server } from '../apps/server/test/support/s3.ts';

const API = '/app/api/v1';
const MB = 1024 * 1024;

export interface RushCompany {
  companyId: string;
  cookie: string;
  csrf: string;
  /** A forwarded address of its own (the portal trusts the proxy header in the bench). */
  address: string;
}

export interface RushPlan {
  origin: string;
  editionId: string;
  windowSeconds: number;
  /** The documents' issue date (today, Cabo Verde's): valid under any validity the edition sets (docs/adr/0030). */
  issuedAt: string;
  companies: RushCompany[];
}

export type RushStep = 'apply' | 'upload' | 'submit';

export interface RushFigures {
  steps: Record<RushStep, { times: number[]; errors: number; firstError?: string }>;
  uploadedBytes: number;
  seconds: number;
}

export interface BrowseFigures {
  total: number;
  failures: number;
  p50: number;
  p99: number;
}

/** The lines of stdin, one at a time (undefined at its end): the options, then `stop` for the visitors. */
let lines: ReturnType<typeof createInterface> | undefined;
let iterator: AsyncIterator<string> | undefined;
async function nextLine(): Promise<string | undefined> {
  lines ??= createInterface({ input: process.stdin });
  iterator ??= lines[Symbol.asyncIterator]();
  const next = await iterator.next();
  return next.done ? undefined : next.value;
}

/** The size of a company's document: 1 to 10 MB, spread evenly and the same from one run to the next. */
export function documentSize(company: number, fileType: number): number {
  const k = (company * 8 + fileType) * 2_654_435_761;
  return MB + (k % (9 * MB + 1));
}

const FILLER = Buffer.alloc(256 * 1024, ' ');

/** POSTs a generated PDF of `size` bytes (its own header, so each document is a distinct file) as multipart. */
function uploadPdf(
  url: string,
  headers: Record<string, string>,
  fileType: number,
  issuedAt: string,
  size: number,
  label: string,
): Promise<{ status: number; body: string }> {
  const boundary = `----rush${Math.random().toString(16).slice(2)}`;
  const before = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\n${fileType}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="issuedAt"\r\n\r\n${issuedAt}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="documento-${fileType}.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const head = Buffer.from(`%PDF-1.7\n% ${label}\n`);
  const tail = Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(before.length + size + after.length),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    (async () => {
      const write = async (chunk: Buffer) => {
        if (!request.write(chunk)) await once(request, 'drain');
      };
      await write(before);
      await write(head);
      for (let left = size - head.length - tail.length; left > 0; left -= FILLER.length) {
        await write(left >= FILLER.length ? FILLER : FILLER.subarray(0, left));
      }
      await write(tail);
      request.end(after);
    })().catch((error) => request.destroy(error));
  });
}

async function companies(plan: RushPlan): Promise<RushFigures> {
  const figures: RushFigures = {
    steps: {
      apply: { times: [], errors: 0 },
      upload: { times: [], errors: 0 },
      submit: { times: [], errors: 0 },
    },
    uploadedBytes: 0,
    seconds: 0,
  };
  const failed = (step: RushStep, what: string) => {
    figures.steps[step].errors += 1;
    figures.steps[step].firstError ??= what.slice(0, 300);
  };
  /** Times one step; answers its body when the status is the one expected, else counts an error. */
  async function step(
    name: RushStep,
    send: () => Promise<{ status: number; body: string }>,
    ok: number[],
  ): Promise<string | undefined> {
    const started = performance.now();
    try {
      const { status, body } = await send();
      figures.steps[name].times.push(performance.now() - started);
      if (!ok.includes(status)) {
        failed(name, `${status} ${body}`);
        return undefined;
      }
      return body;
    } catch (error) {
      failed(name, String(error));
      return undefined;
    }
  }
  const json = async (url: string, headers: Record<string, string>, body?: unknown) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.text() };
  };

  const started = performance.now();
  await Promise.all(
    plan.companies.map(async (company, index) => {
      // The companies come one after the other, spread evenly over the window.
      const at = (index / plan.companies.length) * plan.windowSeconds * 1000;
      await new Promise((resolve) => setTimeout(resolve, at));
      const headers = {
        cookie: company.cookie,
        'x-csrf-token': company.csrf,
        'x-forwarded-for': company.address,
        'x-language': 'en',
      };
      const base = `${plan.origin}${API}/companies/${company.companyId}/applications`;
      const applied = await step(
        'apply',
        () => json(base, headers, { editionId: plan.editionId }),
        [200, 201],
      );
      if (!applied) return;
      const applicationId = (JSON.parse(applied) as { id: string }).id;
      for (let fileType = 0; fileType < 8; fileType++) {
        const size = documentSize(index, fileType);
        const uploaded = await step(
          'upload',
          () =>
            uploadPdf(
              `${base}/${applicationId}/files`,
              headers,
              fileType,
              plan.issuedAt,
              size,
              `${company.companyId} ${fileType}`,
            ),
          [201],
        );
        if (uploaded) figures.uploadedBytes += size;
      }
      await step('submit', () => json(`${base}/${applicationId}/submit`, headers), [200]);
    }),
  );
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}

async function browse(options: autocannon.Options): Promise<BrowseFigures> {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ ...options, workers: undefined }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
  for (let line = await nextLine(); line !== undefined && line.trim() !== 'stop'; line = await nextLine()) {}
  instance?.stop();
  const result = await done;
  return {
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

// Run as a script (bench-rush.ts imports documentSize and the types from here).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const role = process.argv[2];
  const options = JSON.parse((await nextLine()) ?? '{}');
  if (role === 'companies') {
    process.stdout.write(JSON.stringify(await companies(options as RushPlan)));
  } else if (role === 'browse') {
    process.stdout.write(JSON.stringify(await browse(options as autocannon.Options)));
  } else if (role === 's3') {
    const server = await startS3Server([options.bucket as string]);
    process.stdout.write(`${JSON.stringify({ filesUrl: server.filesUrl(options.bucket as string) })}\n`);
    while ((await nextLine()) !== undefined) {}
    await server.close();
  } else {
    throw new Error(`bench-rush-child: no role ${role} (companies, browse, s3)`);
  }
  lines?.close();
}
