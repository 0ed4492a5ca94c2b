/**
 * A ticket printer as Star's CloudPRNT protocol reference describes one, run against the app:
 * it polls (POST) with its MAC and status, fetches an offered job (GET with `type`, `mac` and the
 * `token` it was offered), prints it, and confirms it (DELETE with `code`). It can be made to crash
 * after fetching and before confirming; what reached its paper is kept, decoded, for the test.
 */
import type { FastifyInstance } from 'fastify';
import { decodeEscPos, type DecodedTicket } from './escpos-decode';

export interface PollAnswer {
  jobReady: boolean;
  mediaTypes?: string[];
  jobToken?: string;
  deleteMethod?: string;
}

/** What this printer understands, in its order of preference (an ESC/POS printer: raw bytes). */
const SUPPORTED = ['application/octet-stream'];

export class SimulatedPrinter {
  readonly paper: DecodedTicket[] = [];
  constructor(
    private readonly app: FastifyInstance,
    readonly path: string,
    readonly mac = '00:11:62:0d:4c:2a',
  ) {}

  async poll(printingInProgress = false): Promise<PollAnswer> {
    const res = await this.app.inject({
      method: 'POST',
      url: this.path,
      headers: { 'content-type': 'application/json' },
      payload: { status: '23 6 0 0 0 0 0 0 0 ', printerMAC: this.mac, statusCode: '200%20OK', printingInProgress },
    });
    if (res.statusCode !== 200) throw new Error(`poll answered ${res.statusCode}: ${res.body}`);
    return res.json<PollAnswer>();
  }

  /** GET of the offered job in the first media type both sides know; the bytes, or the status when refused. */
  async fetch(answer: PollAnswer): Promise<Uint8Array | number> {
    const type = answer.mediaTypes?.find((m) => SUPPORTED.includes(m));
    if (!type || !answer.jobToken) throw new Error(`nothing this printer can print: ${JSON.stringify(answer)}`);
    const query = new URLSearchParams({ uid: 'sim', type, mac: this.mac, token: answer.jobToken });
    const res = await this.app.inject({ method: 'GET', url: `${this.path}?${query}` });
    return res.statusCode === 200 ? new Uint8Array(res.rawPayload) : res.statusCode;
  }

  async confirm(token: string, code = '200 OK'): Promise<number> {
    const query = new URLSearchParams({ uid: 'sim', mac: this.mac, code, token });
    const res = await this.app.inject({ method: 'DELETE', url: `${this.path}?${query}` });
    return res.statusCode;
  }

  /**
   * One poll cycle. `crash: 'afterFetch'` puts the job on paper and dies before confirming (the
   * worst case: printed, the server never told); `'beforePrint'` dies after the download, nothing printed.
   */
  async cycle(options: { crash?: 'afterFetch' | 'beforePrint' } = {}): Promise<DecodedTicket | null> {
    const answer = await this.poll();
    if (!answer.jobReady) return null;
    const bytes = await this.fetch(answer);
    if (typeof bytes === 'number') throw new Error(`job fetch answered ${bytes}`);
    if (options.crash === 'beforePrint') return null;
    const ticket = decodeEscPos(bytes);
    this.paper.push(ticket);
    if (options.crash === 'afterFetch') return ticket;
    const status = await this.confirm(answer.jobToken!);
    if (status !== 200) throw new Error(`confirmation answered ${status}`);
    return ticket;
  }

  /** Polls and prints until nothing is offered. */
  async drain(): Promise<DecodedTicket[]> {
    const printed: DecodedTicket[] = [];
    for (let ticket = await this.cycle(); ticket; ticket = await this.cycle()) printed.push(ticket);
    return printed;
  }
}
