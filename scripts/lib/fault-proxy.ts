/**
 * An HTTP proxy between the test client and the real server that breaks chosen requests the way
 * a dining room's Wi-Fi does. Faults are armed per Idempotency-Key and fire on the first request
 * that carries the key only, so the client's retries go through untouched.
 */
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyFault =
  /** Close the client's connection before anything is forwarded: the server never sees the request. */
  | 'drop-request'
  /** Forward, wait for the server's complete answer (the order is committed), then close the client's connection instead of answering. */
  | 'drop-response';

export interface FaultProxy {
  origin: string;
  arm(idempotencyKey: string, fault: ProxyFault): void;
  /** What the proxy actually did: evidence that the faults happened. */
  stats: { forwarded: number; requestsDropped: number; responsesDropped: number; upstreamErrors: number };
  close(): Promise<void>;
}

/** Hop-by-hop headers belong to one connection and are not passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends the request on and buffers the whole answer, so a fault can be applied after it is complete. */
function forward(upstream: URL, agent: Agent, req: IncomingMessage, body: Buffer): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        agent,
        headers: { ...endToEnd(req.headers), host: upstream.host, 'content-length': String(body.length) },
      },
      (res) => {
        readBody(res)
          .then((answer) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: answer }))
          .catch(reject);
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}

export async function startFaultProxy(upstreamOrigin: string): Promise<FaultProxy> {
  const upstream = new URL(upstreamOrigin);
  const agent = new Agent({ keepAlive: true });
  const armed = new Map<string, ProxyFault>();
  const stats: FaultProxy['stats'] = { forwarded: 0, requestsDropped: 0, responsesDropped: 0, upstreamErrors: 0 };

  /** The armed fault for this request's key, disarmed as it is taken: it fires once. */
  const takeFault = (req: IncomingMessage): ProxyFault | undefined => {
    const header = req.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) return undefined;
    const fault = armed.get(key);
    armed.delete(key);
    return fault;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const fault = takeFault(req);
    if (fault === 'drop-request') {
      stats.requestsDropped++;
      req.socket.destroy();
      return;
    }
    const body = await readBody(req);
    let answer: UpstreamAnswer;
    try {
      answer = await forward(upstream, agent, req, body);
    } catch {
      // The server itself failed to answer (it never should here); tell the client like a gateway would.
      stats.upstreamErrors++;
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"bad gateway"}');
      return;
    }
    stats.forwarded++;
    if (fault === 'drop-response') {
      stats.responsesDropped++;
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, { ...endToEnd(answer.headers), 'content-length': String(answer.body.length) });
    res.end(answer.body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    arm: (key, fault) => void armed.set(key, fault),
    stats,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      agent.destroy();
    },
  };
}
