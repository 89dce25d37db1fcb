// The one place the configured file store is built: the file routes, the open api's preview and the cleanup job all
// take their store from here.
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { LocalFileStore, type FileStore } from './fileStore';
import { S3FileStore } from './s3FileStore';

export function createFileStore(config: Pick<ServerConfig, 'dataDir' | 'files'>): FileStore {
  const settings = config.files.store;
  return settings.kind === 's3' ? new S3FileStore(settings) : new LocalFileStore(join(config.dataDir, 'files'));
}
