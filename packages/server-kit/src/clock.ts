/** The one way services read time, so tests (and test clocks) can move it. */
export interface Clock {
  /** Unix seconds. */
  now(): number;
}

export const systemClock: Clock = {
  now: () => Math.floor(Date.now() / 1000),
};

/** A clock that stands still until told to move. */
export function createManualClock(start = Math.floor(Date.now() / 1000)) {
  let current = start;
  return {
    now: () => current,
    set(seconds: number) {
      current = seconds;
    },
    advance(seconds: number) {
      current += seconds;
    },
  };
}
export type ManualClock = ReturnType<typeof createManualClock>;
