/**
 * Photo jobs one at a time per server (decision 023). sharp decodes and encodes on libuv's
 * threads, off the event loop, but a 12-megapixel decode and nineteen encodes take a second or
 * two of every core: two owners uploading at once must not starve the board and the checkout.
 */
export function createJobQueue(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await job();
    } finally {
      release();
    }
  };
}

export const photoJobs = createJobQueue(1);
