import { dirname, resolve } from 'node:path';

/** What the bundler knows of a module while it groups chunks. */
export interface GraphModule {
  isEntry: boolean;
  code: string | null;
  importedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
type ModuleOf = (id: string) => GraphModule | null;

/** Every name, for an import we cannot read name by name (`import * as`, a bare import, a default). */
const ALL = '*';
const RE_EXPORT = /export\s*(\*|\{[^}]*\})\s*from\s*["']([^"']+)["'];?/g;

/** A feature's `index.ts` that only re-exports (the house's barrels, DESIGN.md). */
function isBarrel(id: string, code: string | null): code is string {
  if (!/\/index\.tsx?$/.test(id) || code === null) return false;
  return code.replace(RE_EXPORT, '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '').trim() === '';
}

/** The module `spec` names, among those `importer` imports. */
function resolved(importer: string, spec: string, imported: readonly string[]): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(importer), spec);
  return imported.find((id) => id.replace(/\.[cm]?[jt]sx?$/, '') === base || id.replace(/\/index\.[cm]?[jt]sx?$/, '') === base);
}

/** Which names of `target` the module's code imports or re-exports (`*` when it cannot tell). */
function namesTaken(code: string, importer: string, target: string, imported: readonly string[]): Set<string> {
  const names = new Set<string>();
  const statement = /(?:^|\n)\s*(import|export)\s*([^;'"()=]*?)\s*(?:from\s*)?["']([^"']+)["']/g;
  for (const [, , clause = '', spec = ''] of code.matchAll(statement)) {
    if (resolved(importer, spec, imported) !== target) continue;
    const braces = /^(?:[\w$]+\s*,\s*)?\{([^}]*)\}$/.exec(clause.trim());
    if (!braces) {
      names.add(ALL);
      continue;
    }
    for (const part of (braces[1] ?? '').split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]?.trim();
      if (name) names.add(name);
    }
  }
  // An import this reading missed still counts: a module must never lose a dependency it has.
  return names.size ? names : new Set([ALL]);
}

/** The modules a barrel's re-exports of `names` lead to. */
function barrelTargets(barrelId: string, code: string, names: Set<string>, imported: readonly string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [, clause = '', spec = ''] of code.matchAll(RE_EXPORT)) {
    const target = resolved(barrelId, spec, imported);
    if (!target) continue;
    const wanted = new Set<string>();
    if (clause === '*') {
      if (names.size) wanted.add(ALL);
    } else {
      for (const part of clause.slice(1, -1).split(',')) {
        const [local = '', exported = local] = part.trim().split(/\s+as\s+/).map((s) => s.trim());
        if (local && (names.has(ALL) || names.has(exported))) wanted.add(local);
      }
    }
    if (wanted.size) out.set(target, wanted);
  }
  return out;
}

/**
 * The modules an HTML entry runs before any lazy import: its static imports, except what a barrel
 * re-exports that no importer takes. The bundler drops such modules from the page's code, but a
 * plain walk of the graph reaches them, and a chunk group built on that walk put the account forms
 * and yup (12 KB) into the first page's files (issue 16).
 */
export function staticallyRun(entryId: string, moduleOf: ModuleOf): Set<string> {
  const taken = new Map<string, Set<string>>();
  const run = new Set<string>();
  const queue: string[] = [entryId];
  const reach = (id: string, names: Set<string>) => {
    const known = taken.get(id) ?? new Set<string>();
    const before = known.size;
    for (const name of names) known.add(name);
    taken.set(id, known);
    if (!run.has(id) || known.size > before) {
      run.add(id);
      queue.push(id);
    }
  };
  run.add(entryId);
  while (queue.length) {
    const id = queue.shift() as string;
    const info = moduleOf(id);
    if (!info) continue;
    if (isBarrel(id, info.code)) {
      for (const [target, names] of barrelTargets(id, info.code, taken.get(id) ?? new Set([ALL]), info.importedIds)) reach(target, names);
      continue;
    }
    for (const next of info.importedIds) {
      const nextInfo = moduleOf(next);
      const names = nextInfo && isBarrel(next, nextInfo.code) && info.code ? namesTaken(info.code, id, next, info.importedIds) : new Set([ALL]);
      reach(next, names);
    }
  }
  return run;
}
