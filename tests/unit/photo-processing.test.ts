/** The pure parts of photo processing (decision 023): widths that never upscale, and the job queue's limit. */
import { describe, expect, it } from 'vitest';
import { createJobQueue } from '../../src/server/admin/photos/queue';
import { widthsFor } from '../../src/server/admin/photos/process';

describe('widthsFor', () => {
  const wide = { ratio: 16 / 10, widths: [320, 640, 960] };
  it('gives every phone width a large photo allows', () => {
    expect(widthsFor(wide, 1707, 1280)).toEqual([320, 640, 960]);
  });
  it('is limited by the height for a portrait photo (a 16:10 crop of 600×1200 is at most 600 wide)', () => {
    expect(widthsFor(wide, 600, 1200)).toEqual([320]);
    expect(widthsFor({ ratio: 1, widths: [320, 640, 960] }, 1280, 700)).toEqual([320, 640]);
  });
  it('keeps a small photo at its own width instead of enlarging it', () => {
    expect(widthsFor(wide, 200, 150)).toEqual([200]);
    expect(widthsFor({ ratio: 1, widths: [160, 320] }, 200, 150)).toEqual([150]);
  });
  it('gives nothing for an empty picture', () => {
    expect(widthsFor(wide, 0, 0)).toEqual([]);
  });
});

describe('createJobQueue', () => {
  it('runs no more jobs at once than allowed, and runs them all', async () => {
    const run = createJobQueue(1);
    let running = 0;
    let most = 0;
    const job = (value: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return value;
    };
    const results = await Promise.all([1, 2, 3, 4].map((n) => run(job(n))));
    expect(results).toEqual([1, 2, 3, 4]);
    expect(most).toBe(1);
  });
  it('frees its place when a job fails', async () => {
    const run = createJobQueue(1);
    await expect(run(async () => Promise.reject(new Error('bad photo')))).rejects.toThrow('bad photo');
    await expect(run(async () => 'next')).resolves.toBe('next');
  });
});
