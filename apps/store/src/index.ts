export { createStore, type StoreDeps, type StoreOptions } from './server/store.ts';
export {
  StorageConfigError,
  createFilesystemBundleStorage,
  storageFromEnvironment,
  type BundleStorage,
} from './server/storage/index.ts';
export { STORE_HOME_DONATION } from './store-donations.ts';
// For the platform's tests, which run the Store's stake returner on their manual clock.
export { createStoreDeps } from './server/store.ts';
export { returnDueStakes } from './server/modules/stakes/service.ts';
