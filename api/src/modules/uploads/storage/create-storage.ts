import type { AppConfig } from '../../../config';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';
import type { MediaStorage } from './storage';

/** The S3-compatible bucket when S3_BUCKET is set, else the folder MEDIA_DIR. */
export function createMediaStorage(config: AppConfig): MediaStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.mediaDir);
}
