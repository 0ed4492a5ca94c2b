/**
 * Follows one of the API's Server-Sent Event streams with fetch (so it can send headers an
 * EventSource cannot: a staff token, an order key). Reconnects on its own with Last-Event-ID, so
 * the server replays what was missed; a stream silent for longer than three heartbeats counts as
 * dead and is opened again.
 */
import { API_BASE, API_CREDENTIALS, apiLanguage } from './api';

export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveOptions {
  path: string;
  headers?: () => Record<string, string>;
  /** Every event, `hello` included (sent on each (re)connect: a good moment to read the state again). */
  onEvent: (type: string, data: unknown) => void;
  onStatus?: (status: LiveStatus) => void;
  /** A refusal (401, 403, 404): the stream stops for good. */
  onRefused?: (status: number) => void;
}

const SILENCE_MS = 65_000;
const MAX_RETRY_MS = 15_000;

function parseFrame(frame: string): { id?: string; event: string; data: string } | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return id === undefined && !data.length && event === 'message' ? undefined : { id, event, data: data.join('\n') };
}

export function followLive(options: LiveOptions): () => void {
  let stopped = false;
  let lastId: string | undefined;
  let controller: AbortController | undefined;
  let retryMs = 1_000;
  const status = (s: LiveStatus) => options.onStatus?.(s);

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        resolve();
      }
      window.addEventListener('online', done);
    });

  const run = async () => {
    while (!stopped) {
      status('connecting');
      controller = new AbortController();
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const alive = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => controller?.abort(), SILENCE_MS);
      };
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream', 'Accept-Language': apiLanguage(), ...options.headers?.() };
        if (lastId) headers['Last-Event-ID'] = lastId;
        alive();
        const response = await fetch(`${API_BASE}${options.path}`, { headers, credentials: API_CREDENTIALS, cache: 'no-store', signal: controller.signal });
        if ([401, 403, 404].includes(response.status)) {
          stopped = true;
          status('closed');
          options.onRefused?.(response.status);
          return;
        }
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          alive();
          buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const frame = parseFrame(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
            if (!frame) continue;
            if (frame.id !== undefined) lastId = frame.id;
            if (frame.event === 'hello') {
              retryMs = 1_000;
              status('open');
            }
            let data: unknown = null;
            try {
              data = frame.data ? JSON.parse(frame.data) : null;
            } catch {
              data = frame.data;
            }
            options.onEvent(frame.event, data);
          }
        }
      } catch {
        // Dropped, offline or silent too long: try again below.
      } finally {
        clearTimeout(watchdog);
      }
      if (stopped) break;
      status('connecting');
      await wait(retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
    status('closed');
  };
  void run();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
