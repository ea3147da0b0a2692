export * from './app-error.ts';
export * from './auth.ts';
export * from './clock.ts';
export * from './component.ts';
export * from './database.ts';
export * from './http.ts';
export * from './idempotency.ts';
export * from './migrations.ts';
