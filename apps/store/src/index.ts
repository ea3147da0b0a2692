export { createStore } from './server/store.ts';
