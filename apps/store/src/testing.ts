/** `@bazaar/store/testing`: signed test bundles and their upload forms, for tests and benches. */
export * from './server/test-utils/app-bundles.ts';
