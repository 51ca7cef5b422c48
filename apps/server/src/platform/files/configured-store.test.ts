import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/support/s3.ts';
import { loadConfig, parseFilesUrl } from '../../config.ts';
import { blobDriverFor, describeFiles } from './configured-store.ts';
import type { S3BlobDriver } from './s3-driver.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/srv/portal', SESSION_SECRET: 'x'.repeat(40) };

describe('FILES_URL', () => {
  it('is local disk in $DATA_DIR/files when unset', () => {
    expect(loadConfig(base).files).toEqual({ kind: 'disk', root: join('/srv/portal', 'files') });
    expect(loadConfig({ ...base, FILES_URL: ' ' }).files.kind).toBe('disk');
  });

  it('names a bucket, a prefix and an S3-compatible server, path-style by default there', () => {
    expect(
      loadConfig({
        ...base,
        FILES_URL: 's3://portal-files/uploads/2026/?endpoint=http://minio.local:9000/&region=eu-west-1',
      }).files,
    ).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      prefix: 'uploads/2026/',
      endpoint: 'http://minio.local:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(
      parseFilesUrl('s3://portal-files?endpoint=https://s3.example.cv&forcePathStyle=false').forcePathStyle,
    ).toBe(false);
  });

  it('on AWS: virtual-hosted addressing, the region from AWS_REGION, credentials from the URL or the SDK', () => {
    expect(parseFilesUrl('s3://excelencia.files', { AWS_REGION: 'af-south-1' })).toEqual({
      kind: 's3',
      bucket: 'excelencia.files',
      prefix: '',
      region: 'af-south-1',
      forcePathStyle: false,
    });
    expect(parseFilesUrl('s3://files-bucket', { AWS_DEFAULT_REGION: 'eu-west-3' }).region).toBe('eu-west-3');
    expect(parseFilesUrl('s3://files-bucket').region).toBe('us-east-1');
    expect(parseFilesUrl('s3://AKIAEXAMPLE:se%2Fcr%2Bet@files-bucket/p').credentials).toEqual({
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'se/cr+et',
    });
  });

  it('refuses what it cannot use, saying what is wrong and never echoing the secret', () => {
    const refused = (FILES_URL: string) => {
      try {
        loadConfig({ ...base, FILES_URL });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`${FILES_URL} was accepted`);
    };
    expect(refused('https://bucket.s3.amazonaws.com/x')).toMatch(/FILES_URL/);
    expect(refused('s3://files-bucket?endpont=http://minio:9000')).toMatch(/FILES_URL.*endpont/);
    expect(refused('s3://files-bucket?endpoint=ftp://minio')).toMatch(/FILES_URL.*endpoint/);
    expect(refused('s3://files-bucket?forcePathStyle=maybe')).toMatch(/FILES_URL.*forcePathStyle/);
    expect(refused('s3://Files_Bucket/x')).toMatch(/FILES_URL: the bucket/);
    expect(refused('s3://files-bucket/a//b')).toMatch(/FILES_URL: the prefix/);
    const onlyKey = refused('s3://AKIAEXAMPLE@files-bucket');
    expect(onlyKey).toMatch(/access key id and the secret/);
    const badBucket = refused('s3://AKIAEXAMPLE:TopSecret@x');
    expect(badBucket).toMatch(/FILES_URL: the bucket/);
    expect(badBucket).not.toContain('TopSecret');
  });

  it('is described for the start-up lines without its credentials', () => {
    const files = parseFilesUrl('s3://AKIAEXAMPLE:TopSecret@files-bucket/portal?endpoint=http://minio:9000');
    expect(describeFiles(files)).toBe('bucket s3://files-bucket/portal/ at http://minio:9000');
    expect(describeFiles({ kind: 'disk', root: '/srv/portal/files' })).toBe(
      'local disk in /srv/portal/files',
    );
  });
});

describe('the configured blob driver', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server(['configured-bucket']);
  });
  afterAll(async () => {
    await s3.close();
  });

  it('writes to the bucket FILES_URL names, under its prefix', async () => {
    const config = loadConfig({ ...base, FILES_URL: s3.filesUrl('configured-bucket', 'portal') });
    const driver = blobDriverFor(config.files) as S3BlobDriver;
    try {
      const data = Buffer.from('relatório e contas 2025');
      const sha256 = createHash('sha256').update(data).digest('hex');
      await driver.write(sha256, data);
      const object = await driver.client.send(
        new GetObjectCommand({ Bucket: 'configured-bucket', Key: `portal/${sha256}` }),
      );
      expect(await object.Body?.transformToString()).toBe('relatório e contas 2025');
    } finally {
      driver.close();
    }
  });
});
