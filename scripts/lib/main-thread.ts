/** What this module reads of a Chromium trace event: complete events ('X') carry wall (`dur`) and thread CPU (`tdur`) times in µs. */
export interface TraceEventTimes {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTime {
  /** CPU time the page's main thread spent in its tasks. */
  cpuMs: number;
  /** Wall time of the same tasks: CPU time plus the time the thread waited for a core. */
  wallMs: number;
  tasks: number;
  /**
   * The blocking time of the tasks after the page's first contentful paint, computed from their CPU
   * time at the given slowdown (each task beyond 50 ms counts its excess, as in Lighthouse's TBT);
   * null when the trace holds no first contentful paint on the page's thread.
   */
  ownBlockingMs: number | null;
}

/** Tasks shorter than this are the scheduler's own bookkeeping, measured with more error than content. */
const MIN_TASK_US = 1_000;
/** A task blocks input for what it lasts beyond this (Lighthouse's long task). */
const LONG_TASK_MS = 50;

const keyOf = (e: TraceEventTimes) => `${e.pid}:${e.tid}`;

/**
 * The page's main thread's tasks in a trace, as CPU time and as wall time. Lighthouse's blocking
 * time reads the wall time, which grows when another process holds the core the page wanted (on
 * our 2-core machines, the browser and GPU processes drawing and screenshotting Lighthouse's film
 * strip): the CPU time is the page's own work, about the same on a busy machine as on a quiet one,
 * and the blocking time computed from it is what a phone running nothing else would feel
 * (decision 060). The page's thread is the renderer main thread (`CrRendererMain`) that ran the most
 * tasks: the trace also holds the renderer of the blank page the run started from.
 */
export function mainThreadTime(events: readonly TraceEventTimes[], slowdown = 1): MainThreadTime | null {
  const renderers = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(keyOf));
  const tasks = new Map<string, TraceEventTimes[]>();
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || !renderers.has(keyOf(e))) continue;
    if ((e.dur ?? 0) < MIN_TASK_US || e.tdur === undefined) continue;
    const list = tasks.get(keyOf(e)) ?? [];
    list.push(e);
    tasks.set(keyOf(e), list);
  }
  const page = [...tasks.values()].sort((a, b) => b.length - a.length)[0];
  if (!page?.[0]) return null;
  const thread = keyOf(page[0]);
  const paints = events.filter((e) => e.name === 'firstContentfulPaint' && keyOf(e) === thread && e.ts !== undefined).map((e) => e.ts ?? 0);
  const firstPaint = paints.length ? Math.min(...paints) : null;
  const sum = (list: TraceEventTimes[], pick: (e: TraceEventTimes) => number) => list.reduce((n, e) => n + pick(e), 0);
  const ownBlockingMs =
    firstPaint === null
      ? null
      : sum(
          page.filter((e) => (e.ts ?? 0) >= firstPaint),
          (e) => Math.max(0, ((e.tdur ?? 0) / 1000) * slowdown - LONG_TASK_MS),
        );
  return { cpuMs: sum(page, (e) => e.tdur ?? 0) / 1000, wallMs: sum(page, (e) => e.dur ?? 0) / 1000, tasks: page.length, ownBlockingMs };
}
