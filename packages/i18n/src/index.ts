export * from './locale.ts';
export * from './translate.ts';
export { en, zh, messages, type MessageKey } from './messages/index.ts';
export * from './card-brand.ts';
