/**
 * `where` arguments for the rows of one test clock, or (null) the rows that live in real time:
 * `query.where('test_clock_id', ...inClock(id))`.
 */
export const inClock = (testClockId: string | null) =>
  [testClockId === null ? 'is' : '=', testClockId] as const;
