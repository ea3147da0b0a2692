/**
 * `@bazaar/store/testing`: signed test bundles and their upload forms, for tests and benches; and
 * the Store's deps and stake returner, which the platform's tests run on their manual clock; the
 * demo apps' keys and the purchase flow, which they call as the kit's event would.
 */
export * from './server/test-utils/app-bundles.ts';
export { createStoreDeps } from './server/store.ts';
export { returnDueStakes } from './server/modules/stakes/service.ts';
export { demoAppKey } from './server/demo/demo-apps.ts';
export { recordAppPurchase } from './server/flows/buy-app.ts';
