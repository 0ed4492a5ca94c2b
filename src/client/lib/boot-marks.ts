/**
 * Named moments of the start, as `performance.mark`s (`boot:…`): the offline repeat-visit e2e
 * reads them to say where the time to the first dish goes. A mark costs microseconds and shows in
 * any browser's performance panel, so they stay on in production.
 */
export function bootMark(name: string): void {
  try {
    performance.mark(`boot:${name}`);
  } catch {
    // A browser without User Timing: nothing to note.
  }
}

/** Marks `boot:NAME` when the work settles, and passes its outcome on unchanged. */
export function timed<T>(name: string, work: Promise<T>): Promise<T> {
  return work.finally(() => bootMark(name));
}
