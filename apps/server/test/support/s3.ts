import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks every request's signature against them. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** The FILES_URL of a bucket on this server (the credentials in it). */
  filesUrl(bucket: string, prefix?: string): string;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver from npm) on a free local port, its objects in a temporary folder, with the
 * given buckets created. One per test file; close() stops it and removes the folder.
 */
export async function startS3Server(buckets: string[]): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    filesUrl(bucket, prefix = '') {
      const { accessKeyId, secretAccessKey } = S3RVER_CREDENTIALS;
      const query = new URLSearchParams({ endpoint, region: 'us-east-1' });
      return `s3://${accessKeyId}:${secretAccessKey}@${bucket}/${prefix}?${query}`;
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
