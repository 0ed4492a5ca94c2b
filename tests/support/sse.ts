/** A small Server-Sent Events reader over fetch, for tests and scripts that follow a live stream. */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
  at: number;
}

export interface SseStream {
  events: SseEvent[];
  /** The first event (already received or still to come) that matches, or a rejection after `ms`. */
  next(match: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  close(): void;
  status: number;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event: SseEvent = { id: undefined, event: 'message', data: '', at: performance.now() };
            let hasField = false;
            for (const line of frame.split('\n')) {
              const m = /^([a-z]+): ?(.*)$/i.exec(line);
              if (!m || line.startsWith(':')) continue;
              const [, field, value = ''] = m;
              if (field === 'id') event.id = value;
              else if (field === 'event') event.event = value;
              else if (field === 'data') event.data += value;
              else continue;
              hasField = true;
            }
            if (hasField && (event.data || event.event !== 'message')) {
              events.push(event);
              for (const wake of waiters) wake();
            }
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    events,
    status: res.status,
    next(match, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events.map((e) => [e.id, e.event, e.data]))}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
