/**
 * How many diners are waiting for an answer to their order right now. Work that no diner waits
 * for (the confirmation mail) asks `quiet()` first and goes on once no order has been in flight
 * for a moment, so on a busy evening it fills the gaps between orders instead of slowing them
 * (decision 045). It never waits for ever: after `maxWaitMs` it goes on anyway, so under a
 * stream of orders that never pauses the mail still goes out, a batch at a time.
 */
export interface DinersWaiting {
  /** An order request has arrived; pair with `leave` in a `finally`. */
  enter(): void;
  leave(): void;
  /** Resolves once no order has been in flight for `quietMs`, after `maxWaitMs` at most, or at once when `stop()` says so. */
  quiet(maxWaitMs: number, stop?: () => boolean): Promise<void>;
}

export function createDinersWaiting(quietMs = 20): DinersWaiting {
  let waiting = 0;
  let lastLeft = 0;
  const calm = () => waiting === 0 && performance.now() - lastLeft >= quietMs;
  return {
    enter() {
      waiting++;
    },
    leave() {
      waiting--;
      lastLeft = performance.now();
    },
    async quiet(maxWaitMs, stop) {
      const until = performance.now() + maxWaitMs;
      while (!calm() && !stop?.() && performance.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, quietMs));
      }
    },
  };
}
