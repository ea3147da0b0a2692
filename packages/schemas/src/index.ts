export * from './ids.ts';
export * from './errors.ts';
export * from './common.ts';
export * from './platform.ts';
export * from './events.ts';
export * from './checkout.ts';
export * from './catalogue.ts';
export * from './billing.ts';
