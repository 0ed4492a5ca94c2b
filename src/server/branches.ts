/**
 * The branches of the restaurant (issue 13): each one its own deployment, server and database, at
 * its own origin. The list is configuration, the same on every host (BRANCHES, HUB_URL), and each
 * server knows whether it is the hub or one of the branches (BRANCH_URL). Read once at boot.
 */
import type { Branch } from '../shared/contract/catalog';

export interface BranchSetup {
  branches: Branch[];
  /** The hub's origin: where diners choose a branch. */
  hub: string | null;
  /** This server's own origin when it is a branch; null on the hub (and on a single restaurant). */
  self: string | null;
}

export const NO_BRANCHES: BranchSetup = { branches: [], hub: null, self: null };

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](:\d{1,5})?$/i;
const MAX_BRANCHES = 50;
const MAX_NAME = 80;

/** An origin as browsers write it in the Origin header (lower-case scheme and host, no default port, no path). */
function origin(name: string, value: unknown): string {
  if (typeof value !== 'string' || !ORIGIN.test(value.trim().replace(/\/$/, ''))) {
    throw new Error(`${name} must be an origin such as https://eppendorf.example.com (no path), got ${JSON.stringify(value)}`);
  }
  return new URL(value.trim()).origin;
}

function branchList(raw: string): Branch[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('BRANCHES must be JSON: [{"name":"Eppendorf","url":"https://eppendorf.example.com"}, …]');
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_BRANCHES) {
    throw new Error(`BRANCHES must be a list of 1 to ${MAX_BRANCHES} branches`);
  }
  const list = parsed.map((entry: unknown, i): Branch => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new Error(`BRANCHES[${i}] must be {"name": …, "url": …}`);
    const keys = Object.keys(entry);
    if (keys.some((k) => k !== 'name' && k !== 'url')) throw new Error(`BRANCHES[${i}] has only "name" and "url", got ${keys.join(', ')}`);
    const { name, url } = entry as { name?: unknown; url?: unknown };
    if (typeof name !== 'string' || !name.trim() || name.length > MAX_NAME) throw new Error(`BRANCHES[${i}].name must be a name of 1 to ${MAX_NAME} characters`);
    return { name: name.trim(), url: origin(`BRANCHES[${i}].url`, url) };
  });
  const urls = new Set(list.map((b) => b.url));
  if (urls.size !== list.length) throw new Error('BRANCHES lists one url twice: every branch has its own host');
  return list;
}

/** BRANCHES, HUB_URL and BRANCH_URL, checked together: a branch must be on the list and know its hub. */
export function readBranchSetup(env: NodeJS.ProcessEnv): BranchSetup {
  const raw = env.BRANCHES?.trim() ?? '';
  const hubRaw = env.HUB_URL?.trim() ?? '';
  const selfRaw = env.BRANCH_URL?.trim() ?? '';
  if (!raw) {
    if (hubRaw || selfRaw) throw new Error('HUB_URL and BRANCH_URL need BRANCHES, the list of branches');
    return NO_BRANCHES;
  }
  const branches = branchList(raw);
  if (!hubRaw) throw new Error('BRANCHES needs HUB_URL: the origin where diners choose their branch');
  const hub = origin('HUB_URL', hubRaw);
  const self = selfRaw ? origin('BRANCH_URL', selfRaw) : null;
  if (self && !branches.some((b) => b.url === self)) throw new Error(`BRANCH_URL ${self} is not one of the urls in BRANCHES`);
  return { branches, hub, self };
}

/**
 * The origins whose pages may call this API from the browser (CORS, the CSP's connect-src, and
 * the anti-forgery rule across origins): the hub and every branch, nothing else.
 */
export function branchOrigins(setup: BranchSetup): string[] {
  return [...new Set([...(setup.hub ? [setup.hub] : []), ...setup.branches.map((b) => b.url)])];
}
