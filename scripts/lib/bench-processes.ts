/**
 * Servers under benchmark as processes of their own: start one from a command line, wait until it
 * answers, read its CPU time from /proc (the process and its children), count its statements
 * (bench-count-statements.mjs), and stop it.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { sleep } from './order-load';

const HOOK = resolve(import.meta.dirname, 'bench-count-statements.mjs');
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A free TCP port on 127.0.0.1 (or base + offset when BENCH_PORT_BASE pins the range). */
export async function pickPort(offset: number): Promise<number> {
  const base = process.env.BENCH_PORT_BASE;
  if (base) return Number(base) + offset;
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** The process and all its descendants: a command such as `npm start` runs the server as a grandchild. */
function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    const current = all[i];
    const taskDir = `/proc/${current}/task`;
    if (!existsSync(taskDir)) continue;
    for (const tid of readdirSync(taskDir)) {
      try {
        const children = readFileSync(join(taskDir, tid, 'children'), 'utf8').trim();
        if (children) all.push(...children.split(/\s+/).map(Number));
      } catch {
        // The task ended while we looked.
      }
    }
  }
  return all;
}

/** utime + stime of a process tree, in milliseconds (/proc/<pid>/stat fields 14 and 15). */
export function cpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone: its time is lost with it, which only happens at shutdown.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export interface ServerProcess {
  name: string;
  pid: number;
  origin: string;
  /** Answers 200 when the server is up; a GET of it waits behind the requests already queued. */
  healthUrl: string;
  cpuMs(): number;
  /** Statements sent to PostgreSQL so far, or null when the count is unavailable (PGlite, bundled pg). */
  statements(): Promise<number | null>;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** argv: the first word is the program (`node` means this Node binary). */
  command: string[];
  cwd: string;
  env: Record<string, string>;
  port: number;
  healthPath: string;
  /** Where the statement counter writes (the process must load pg for it to count). */
  statementsFile: string;
}

/** Splits a command line on spaces (no quoting: paths with spaces are not supported). */
export function parseCommand(line: string): string[] {
  const words = line.trim().split(/\s+/).filter(Boolean);
  if (words[0] === 'node') words[0] = process.execPath;
  return words;
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering ${url}:\n${log()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(150);
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${log()}`);
}

export async function startProcess(options: StartOptions): Promise<ServerProcess> {
  const [program, ...args] = options.command;
  if (!program) throw new Error(`${options.name}: empty command`);
  const nodeOptions = [process.env.NODE_OPTIONS, `--import ${HOOK}`].filter(Boolean).join(' ');
  const child = spawn(program, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, NODE_OPTIONS: nodeOptions, BENCH_STATEMENTS_FILE: options.statementsFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name}: could not start ${options.command.join(' ')}`);
  const origin = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealth(`${origin}${options.healthPath}`, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    name: options.name,
    pid,
    origin,
    healthUrl: `${origin}${options.healthPath}`,
    cpuMs: () => cpuMs(pid),
    async statements() {
      // Only node processes carry the counter (SIGUSR2 would end a shell); each writes its own file.
      const nodes = processTree(pid).filter((p) => {
        try {
          return readFileSync(`/proc/${p}/comm`, 'utf8').trim().startsWith('node');
        } catch {
          return false;
        }
      });
      const files = nodes.map((p) => `${options.statementsFile}.${p}`);
      for (const file of files) rmSync(file, { force: true });
      for (const p of nodes) process.kill(p, 'SIGUSR2');
      let total: number | null = null;
      for (const file of files) {
        const deadline = Date.now() + 2000;
        while (Date.now() < deadline && !existsSync(file)) await sleep(20);
        await sleep(5);
        try {
          const { hooked, count } = JSON.parse(readFileSync(file, 'utf8')) as { hooked: boolean; count: number };
          if (hooked) total = (total ?? 0) + count;
        } catch {
          // No answer from this process: it does not count.
        }
        rmSync(file, { force: true });
      }
      return total;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
