export * from './amount.ts';
export * from './interval.ts';
