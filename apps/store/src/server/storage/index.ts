export {
  BUNDLES_FOLDER,
  StorageConfigError,
  createBundleStorage,
  describeBundleStorage,
  readBundleStorageConfig,
  storageFromEnvironment,
  type BundleStorageConfig,
} from './config.ts';
export { createFilesystemBundleStorage, type FilesystemBundleStorageOptions } from './filesystem-storage.ts';
export { createS3BundleStorage, type S3BundleStorageOptions } from './s3-storage.ts';
export {
  BundleStorageError,
  assertBundleKey,
  isBundleKey,
  isBundleNotFound,
  type BundleStorage,
  type BundleStorageErrorCode,
  type PutBundleOptions,
} from './storage.ts';
