import { describe, expect, it } from 'vitest';
import { staticallyRun, type GraphModule } from '../../scripts/lib/first-page-graph';

/** A module graph as the bundler shows it: ids, transformed code, resolved static imports. */
function graph(files: Record<string, { code: string; imports?: string[] }>) {
  const modules = new Map<string, GraphModule>();
  for (const [id, file] of Object.entries(files)) {
    modules.set(id, { isEntry: id.endsWith('.html'), code: file.code, importedIds: file.imports ?? [], importers: [], dynamicImporters: [] });
  }
  return (id: string) => modules.get(id) ?? null;
}

const barrel = {
  code: 'export { useMe, signOut } from "./session";\nexport { LoginForm } from "./LoginForm";\n// the forms\nexport * from "./more";',
  imports: ['/a/account/session.ts', '/a/account/LoginForm.tsx', '/a/account/more.ts'],
};

describe('what the first page runs', () => {
  it('follows a barrel only to the modules whose names an importer takes, and to what an `export *` may hold', () => {
    const run = staticallyRun(
      '/a/index.html',
      graph({
        '/a/index.html': { code: 'import "/a/main.tsx";', imports: ['/a/main.tsx'] },
        '/a/main.tsx': { code: 'import { useMe } from "./account";\nimport { jsx } from "react/jsx-runtime";', imports: ['/a/account/index.ts', '/n/react.js'] },
        '/a/account/index.ts': barrel,
        '/a/account/session.ts': { code: 'export const useMe = 1;' },
        '/a/account/LoginForm.tsx': { code: 'import * as yup from "yup";', imports: ['/n/yup.js'] },
        '/a/account/more.ts': { code: 'export const x = 1;' },
        '/n/react.js': { code: '' },
        '/n/yup.js': { code: '' },
      }),
    );
    expect([...run].sort()).toEqual(['/a/account/index.ts', '/a/account/more.ts', '/a/account/session.ts', '/a/index.html', '/a/main.tsx', '/n/react.js'].sort());
  });

  it('takes everything a barrel offers when the import names nothing it can read, and through a barrel of barrels', () => {
    const files = {
      '/a/index.html': { code: '', imports: ['/a/main.tsx'] },
      '/a/main.tsx': { code: 'import * as account from "./account";\nimport { b } from "./outer";', imports: ['/a/account/index.ts', '/a/outer/index.ts'] },
      '/a/account/index.ts': barrel,
      '/a/account/session.ts': { code: '' },
      '/a/account/LoginForm.tsx': { code: '' },
      '/a/account/more.ts': { code: '' },
      '/a/outer/index.ts': { code: 'export { a as b } from "./inner";', imports: ['/a/outer/inner/index.ts'] },
      '/a/outer/inner/index.ts': { code: 'export { a } from "./x";\nexport { c } from "./y";', imports: ['/a/outer/inner/x.ts', '/a/outer/inner/y.ts'] },
      '/a/outer/inner/x.ts': { code: '' },
      '/a/outer/inner/y.ts': { code: '' },
    };
    const run = staticallyRun('/a/index.html', graph(files));
    expect(run.has('/a/account/LoginForm.tsx')).toBe(true);
    expect(run.has('/a/account/more.ts')).toBe(true);
    expect(run.has('/a/outer/inner/x.ts')).toBe(true);
    expect(run.has('/a/outer/inner/y.ts')).toBe(false);
  });

  it('keeps every import of a module that is no barrel, and of an index that holds code', () => {
    const run = staticallyRun(
      '/a/index.html',
      graph({
        '/a/index.html': { code: '', imports: ['/a/main.tsx'] },
        '/a/main.tsx': { code: 'import { a } from "./f";', imports: ['/a/f/index.ts'] },
        '/a/f/index.ts': { code: 'export { a } from "./a";\nexport { b } from "./b";\nstart();', imports: ['/a/f/a.ts', '/a/f/b.ts'] },
        '/a/f/a.ts': { code: '' },
        '/a/f/b.ts': { code: '' },
      }),
    );
    expect(run.has('/a/f/b.ts')).toBe(true);
  });
});
