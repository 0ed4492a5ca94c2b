/**
 * Server-Sent Events over a hijacked reply. A stream first replays what the client missed since
 * its `Last-Event-ID`, then forwards live events; a comment every 20 s keeps proxies from closing
 * an idle connection and tells a dead one apart.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus, LiveEvent, Topic } from './bus';

const HEARTBEAT_MS = 20_000;
/** How soon a browser's EventSource (or our reader) reconnects after a drop. */
const RETRY_MS = 2_000;

export interface StreamOptions {
  topics: Topic[];
  /** Which events of those topics this reader may see. */
  accept?: (event: LiveEvent) => boolean;
}

const openStreams = new WeakMap<EventBus, Set<FastifyReply>>();

/** Ends every open stream of this bus, so a closing server does not wait on browsers that never hang up. */
export function endAllStreams(bus: EventBus): void {
  const open = openStreams.get(bus);
  for (const reply of open ?? []) reply.raw.end();
  open?.clear();
}

export function lastEventIdOf(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

export async function streamEvents(request: FastifyRequest, reply: FastifyReply, bus: EventBus, options: StreamOptions): Promise<void> {
  const accept = (event: LiveEvent) => options.topics.includes(event.topic) && (options.accept?.(event) ?? true);
  const raw = reply.raw;
  let open = openStreams.get(bus);
  if (!open) openStreams.set(bus, (open = new Set()));
  const streams = open;
  let lastSent = lastEventIdOf(request);
  let replaying = true;
  const held: LiveEvent[] = [];

  const send = (event: LiveEvent) => {
    if (lastSent !== undefined && event.id <= lastSent) return;
    lastSent = event.id;
    raw.write(`id: ${event.id}\nevent: ${event.data.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };
  const catchUp = async () => {
    for (const event of await bus.since(lastSent ?? 0, options.topics)) if (accept(event)) send(event);
  };

  const unsubscribe = bus.subscribe((message) => {
    if (message === 'resync') {
      void catchUp().catch(() => raw.end());
      return;
    }
    if (!accept(message)) return;
    if (replaying) held.push(message);
    else send(message);
  });
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const cleanup = () => {
    clearInterval(heartbeat);
    unsubscribe();
    streams.delete(reply);
  };
  raw.on('close', cleanup);

  reply.hijack();
  streams.add(reply);
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise hold events back in a buffer.
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);
  try {
    if (lastSent === undefined) {
      // A first connection starts now; its id is where a reconnect resumes.
      lastSent = await bus.latestId();
      raw.write(`id: ${lastSent}\nevent: hello\ndata: {}\n\n`);
    } else {
      raw.write(`event: hello\ndata: {}\n\n`);
      await catchUp();
    }
    replaying = false;
    for (const event of held.splice(0)) send(event);
  } catch (err) {
    request.log.warn({ err }, 'event stream failed to start');
    raw.end();
  }
}
