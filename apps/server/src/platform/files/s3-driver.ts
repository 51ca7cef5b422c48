import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSha256, type BlobDriver } from './file-store.ts';

/** A bucket as FILES_URL names it (config.ts parses it). */
export interface S3Location {
  bucket: string;
  /** '' or a key prefix ending with '/'. */
  prefix: string;
  /** An S3-compatible server (MinIO, Garage, Ceph, s3rver…); unset = AWS. */
  endpoint?: string;
  region: string;
  /** http://host/bucket/key instead of http://bucket.host/key (what most non-AWS servers need). */
  forcePathStyle: boolean;
  /** From FILES_URL's user and password; unset = the SDK's chain (AWS_ACCESS_KEY_ID…, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface S3BlobDriver extends BlobDriver {
  client: S3Client;
  location: S3Location;
  /** Closes the client's connections. */
  close(): void;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Blobs in an S3-compatible bucket at <prefix><sha256>. A write sends the content's sha256 as its checksum, so
 * a server that checks checksums (AWS does) refuses bytes that do not match their name; an object appears whole
 * or not at all, so a reader never sees half a file.
 */
export function s3Driver(location: S3Location, client?: S3Client): S3BlobDriver {
  const s3 =
    client ??
    new S3Client({
      region: location.region,
      forcePathStyle: location.forcePathStyle,
      ...(location.endpoint
        ? {
            endpoint: location.endpoint,
            // Other servers do not all know the SDK's default CRC32 trailers: checksums only where required
            // (the sha256 sent with every write is one).
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
      ...(location.credentials ? { credentials: location.credentials } : {}),
    });
  const { bucket } = location;
  const keyOf = (sha256: string) => {
    assertSha256(sha256);
    return `${location.prefix}${sha256}`;
  };
  const exists = async (sha256: string) => {
    try {
      await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(sha256) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };
  const getObject = async (sha256: string) => {
    try {
      return await s3.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(sha256) }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const put = (key: string, sha256: string, body: Buffer | Readable, length: number) =>
    s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentLength: length,
        ContentType: 'application/octet-stream',
        ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
      }),
    );
  return {
    client: s3,
    location,
    exists,
    async write(sha256, data) {
      const key = keyOf(sha256);
      if (await exists(sha256)) return;
      await put(key, sha256, data, data.length);
    },
    async writeFile(sha256, file) {
      const key = keyOf(sha256);
      if (await exists(sha256)) return;
      // One PUT streamed from the file (S3 takes up to 5 GB in one): the body is read as it is sent.
      const body = createReadStream(file.path);
      try {
        await put(key, sha256, body, file.size);
      } finally {
        body.destroy();
      }
    },
    async read(sha256) {
      const object = await getObject(sha256);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async stream(sha256) {
      const object = await getObject(sha256);
      // In Node the body is the HTTP response itself (an IncomingMessage): read as it arrives.
      return (object?.Body as Readable | undefined) ?? null;
    },
    async delete(sha256) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(sha256) }));
    },
    close() {
      s3.destroy();
    },
  };
}
