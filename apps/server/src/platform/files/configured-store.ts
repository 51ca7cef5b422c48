import type { FilesConfig } from '../../config.ts';
import { type BlobDriver, createFileStore, type FileStore, localDiskDriver } from './file-store.ts';
import { s3Driver } from './s3-driver.ts';

/** The blob driver FILES_URL chooses: a bucket, or local disk ($DATA_DIR/files) when it is unset. */
export function blobDriverFor(files: FilesConfig): BlobDriver {
  if (files.kind === 'disk') return localDiskDriver(files.root);
  const { kind: _kind, ...location } = files;
  return s3Driver(location);
}

/** The file store of the configuration (main.ts, the seed and the migration command). */
export function fileStoreFor(config: { files: FilesConfig }): FileStore {
  return createFileStore(blobDriverFor(config.files));
}

/** Where the files are, for start-up lines and summaries; never the credentials. */
export function describeFiles(files: FilesConfig): string {
  if (files.kind === 'disk') return `local disk in ${files.root}`;
  const where = files.endpoint ? ` at ${files.endpoint}` : '';
  return `bucket s3://${files.bucket}/${files.prefix}${where}`;
}
