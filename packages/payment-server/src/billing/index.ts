// Pure billing math: no database, no clock; every function takes its time as an argument.
export * from './invoice-status.ts';
export * from './periods.ts';
export * from './proration.ts';
export * from './retry-schedule.ts';
export * from './subscription-status.ts';
export * from './usage.ts';
