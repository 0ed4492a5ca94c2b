import { describe, expect, it } from 'vitest';
import { mainThreadTime, type TraceEventTimes } from '../../scripts/lib/main-thread';

const thread = (pid: number, tid: number, name: string): TraceEventTimes => ({ name: 'thread_name', ph: 'M', pid, tid, args: { name } });
const task = (pid: number, tid: number, durMs: number, cpuMs: number): TraceEventTimes => ({ name: 'RunTask', ph: 'X', pid, tid, dur: durMs * 1000, tdur: cpuMs * 1000 });

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
    expect(mainThreadTime(events)).toEqual({ cpuMs: 31, wallMs: 52, tasks: 3 });
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
    expect(mainThreadTime(events)).toEqual({ cpuMs: 8, wallMs: 10, tasks: 1 });
  });

  it('finds nothing in a trace without a renderer', () => {
    expect(mainThreadTime([thread(1, 10, 'CrBrowserMain'), task(1, 10, 5, 5)])).toBeNull();
    expect(mainThreadTime([])).toBeNull();
  });
});
