/** What this module reads of a Chromium trace event: complete events ('X') carry wall (`dur`) and thread CPU (`tdur`) times in µs. */
export interface TraceEventTimes {
  name: string;
  ph: string;
  pid: number;
  tid: number;
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
}

/** Tasks shorter than this are the scheduler's own bookkeeping, measured with more error than content. */
const MIN_TASK_US = 1_000;

/**
 * The page's main thread's tasks in a trace, as CPU time and as wall time. Lighthouse's blocking
 * time reads the wall time, which grows when another process holds the core the page wanted;
 * the CPU time is the page's own work, about the same on a busy machine as on a quiet one.
 * The page's thread is the renderer main thread (`CrRendererMain`) that ran the most tasks: the
 * trace also holds the renderer of the blank page the run started from.
 */
export function mainThreadTime(events: readonly TraceEventTimes[]): MainThreadTime | null {
  const key = (e: TraceEventTimes) => `${e.pid}:${e.tid}`;
  const renderers = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(key));
  const tasks = new Map<string, TraceEventTimes[]>();
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || !renderers.has(key(e))) continue;
    if ((e.dur ?? 0) < MIN_TASK_US || e.tdur === undefined) continue;
    const list = tasks.get(key(e)) ?? [];
    list.push(e);
    tasks.set(key(e), list);
  }
  const page = [...tasks.values()].sort((a, b) => b.length - a.length)[0];
  if (!page) return null;
  const sum = (pick: (e: TraceEventTimes) => number) => page.reduce((n, e) => n + pick(e), 0) / 1000;
  return { cpuMs: sum((e) => e.tdur ?? 0), wallMs: sum((e) => e.dur ?? 0), tasks: page.length };
}
