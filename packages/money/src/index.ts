export * from './amount.ts';
export * from './interval.ts';
export * from './custom-amount.ts';
export * from './split.ts';
export * from './format-money.ts';
