/**
 * The order load generator, a process of its own (so its CPU is not the server's):
 * `node --import tsx scripts/lib/bench-load-generator.ts <spec.json> <result.json>`.
 *
 * `clients` workers share one keep-alive agent; each takes the next body until none are left (a
 * closed loop, so concurrency stays at `clients`), and POSTs it with its own Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';

export interface LoadSpec {
  origin: string;
  path: string;
  headers: Record<string, string>;
  /** JSON request bodies, sent in order. */
  bodies: string[];
  clients: number;
  /** Stop taking new bodies after this long (answers in flight still count); 0 for no limit. */
  maxMs: number;
}

export interface LoadResult {
  /** Answers with status 201. */
  ok: number;
  errors: Record<string, number>;
  errorSample: string | null;
  latenciesMs: number[];
  /** `data.order.code` of every 201 answer. */
  codes: string[];
  wallMs: number;
}

/** Generous: on a loaded machine a slow answer is a figure, and an abandoned one would be stored unanswered. */
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 60) * 1000;

function post(agent: http.Agent, url: URL, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID() }, timeout: TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

function codeOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { data?: { order?: { code?: unknown } } };
    const code = body.data?.order?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.clients });
  const url = new URL(spec.path, spec.origin);
  const result: LoadResult = { ok: 0, errors: {}, errorSample: null, latenciesMs: [], codes: [], wallMs: 0 };
  let next = 0;
  const deadline = spec.maxMs > 0 ? performance.now() + spec.maxMs : Infinity;
  const fail = (kind: string, sample: string) => {
    result.errors[kind] = (result.errors[kind] ?? 0) + 1;
    result.errorSample ??= sample.slice(0, 400);
  };
  const worker = async () => {
    while (next < spec.bodies.length && performance.now() < deadline) {
      const body = spec.bodies[next++] ?? '';
      const started = performance.now();
      try {
        const answer = await post(agent, url, spec.headers, body);
        result.latenciesMs.push(performance.now() - started);
        const code = answer.status === 201 ? codeOf(answer.text) : null;
        if (code) {
          result.ok++;
          result.codes.push(code);
        } else fail(String(answer.status), answer.text);
      } catch (error) {
        result.latenciesMs.push(performance.now() - started);
        fail('network', error instanceof Error ? error.message : String(error));
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: spec.clients }, worker));
  result.wallMs = performance.now() - started;
  agent.destroy();
  return result;
}

const [specFile, resultFile] = process.argv.slice(2);
if (!specFile || !resultFile) throw new Error('usage: bench-load-generator.ts <spec.json> <result.json>');
const spec = JSON.parse(readFileSync(specFile, 'utf8')) as LoadSpec;
writeFileSync(resultFile, JSON.stringify(await run(spec)));
