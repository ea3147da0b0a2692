export { createStore, type StoreDeps, type StoreOptions } from './server/store.ts';
export {
  StorageConfigError,
  createFilesystemBundleStorage,
  storageFromEnvironment,
  type BundleStorage,
} from './server/storage/index.ts';
export { STORE_HOME_DONATION } from './store-donations.ts';
