import { describe, expect, it } from 'vitest';
import { mainThreadTime, type TraceEventTimes } from '../../scripts/lib/main-thread';

const thread = (pid: number, tid: number, name: string): TraceEventTimes => ({ name: 'thread_name', ph: 'M', pid, tid, args: { name } });
const task = (pid: number, tid: number, durMs: number, cpuMs: number, atMs = 0): TraceEventTimes => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts: atMs * 1000,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});
const firstPaint = (pid: number, tid: number, atMs: number): TraceEventTimes => ({ name: 'firstContentfulPaint', ph: 'R', pid, tid, ts: atMs * 1000 });

describe("the page's main-thread time in a trace", () => {
  it("sums the CPU and wall time of the busiest renderer main thread's tasks", () => {
    const events = [
      thread(1, 10, 'CrBrowserMain'),
      thread(2, 20, 'CrRendererMain'),
      thread(3, 30, 'CrRendererMain'),
      // The browser's own tasks, however many, are not the page's.
      ...Array.from({ length: 9 }, () => task(1, 10, 5, 5)),
      // The blank page's renderer the run started from.
      task(2, 20, 4, 4),
      // The page: three tasks, one of them waiting for a core half of its time.
      task(3, 30, 10, 10),
      task(3, 30, 40, 20),
      task(3, 30, 2, 1),
      // A renderer's helper thread.
      task(3, 31, 50, 50),
    ];
    expect(mainThreadTime(events)).toEqual({ cpuMs: 31, wallMs: 52, tasks: 3, ownBlockingMs: null });
  });

  it('leaves out what is not a timed task of at least a millisecond', () => {
    const events = [
      thread(3, 30, 'CrRendererMain'),
      task(3, 30, 10, 8),
      task(3, 30, 0.5, 0.5),
      { name: 'RunTask', ph: 'X', pid: 3, tid: 30, dur: 20_000 },
      { name: 'RunTask', ph: 'B', pid: 3, tid: 30 },
      { ...task(3, 30, 30, 30), name: 'FunctionCall' },
    ];
    expect(mainThreadTime(events)).toEqual({ cpuMs: 8, wallMs: 10, tasks: 1, ownBlockingMs: null });
  });

  it("counts the blocking time of the tasks after the page's first paint from their CPU time, at the slowdown", () => {
    const events = [
      thread(2, 20, 'CrRendererMain'),
      thread(3, 30, 'CrRendererMain'),
      // Before the first paint: not blocking a diner who sees nothing yet.
      task(3, 30, 100, 80, 0),
      firstPaint(3, 30, 150),
      // The blank page's paint is not the page's.
      firstPaint(2, 20, 10),
      task(2, 20, 100, 100, 20),
      // Waited 90 ms for a core, worked 20 ms: at 4×, 80 ms, 30 of them blocking.
      task(3, 30, 110, 20, 200),
      // Short enough at 4×: 48 ms.
      task(3, 30, 12, 12, 400),
      // 30 ms of work: 120 ms at 4×, 70 blocking.
      task(3, 30, 35, 30, 500),
    ];
    expect(mainThreadTime(events, 4)?.ownBlockingMs).toBe(100);
    // A slower phone, each task at 6×: 120, 72 and 180 ms.
    expect(mainThreadTime(events, 6)?.ownBlockingMs).toBe(70 + 22 + 130);
  });

  it('finds nothing in a trace without a renderer', () => {
    expect(mainThreadTime([thread(1, 10, 'CrBrowserMain'), task(1, 10, 5, 5)])).toBeNull();
    expect(mainThreadTime([])).toBeNull();
  });
});
