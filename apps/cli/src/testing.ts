/** `@bazaar/cli/testing`: the CLI run in-process against a started platform, for tests and benches. */
export * from './test-utils/cli-harness.ts';
export * from './test-utils/store-platform.ts';
