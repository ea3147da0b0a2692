export { createStore } from './server/store.ts';
export { STORE_HOME_DONATION } from './store-donations.ts';
