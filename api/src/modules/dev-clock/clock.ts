// The test clock (decision 116): a development surface that moves the API's notion of now, so
// that a journey can let a booking's interview pass. It wraps the configured clock with an
// offset; production never builds one (app.ts builds it only with the development surfaces,
// which NODE_ENV=production turns off). One per API process: development runs one.

export interface AdjustableClock {
  now: () => Date;
  /** how far ahead of the wrapped clock it is, in ms (never negative) */
  offsetMs: () => number;
  /** moves it forward by `ms` */
  advance: (ms: number) => void;
  /** sets it to `date` (not before the wrapped clock's now) */
  set: (date: Date) => void;
  /** back to the wrapped clock */
  reset: () => void;
}

export function adjustableClock(base: () => Date): AdjustableClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    offsetMs: () => offset,
    advance: (ms) => {
      offset += Math.max(0, ms);
    },
    set: (date) => {
      offset = Math.max(0, date.getTime() - base().getTime());
    },
    reset: () => {
      offset = 0;
    },
  };
}
