import { describe, expect, it } from 'vitest';
import { branchOrigins, readBranchSetup } from '../../src/server/branches';
import { readConfig } from '../../src/server/config';

const LIST = JSON.stringify([
  { name: 'Lindenhof Eppendorf', url: 'https://eppendorf.lindenhof.example' },
  { name: 'Lindenhof Altona', url: 'http://localhost:3831/' },
]);

describe('BRANCHES, HUB_URL and BRANCH_URL (decision 017)', () => {
  it('is a single restaurant when nothing is set, as `npm start` has always been', () => {
    expect(readConfig({}).branches).toEqual({ branches: [], hub: null, self: null });
    expect(branchOrigins(readBranchSetup({}))).toEqual([]);
  });

  it('reads the hub: the list, the hub origin, and no self', () => {
    const setup = readBranchSetup({ BRANCHES: LIST, HUB_URL: 'https://Order.Lindenhof.example/' });
    expect(setup).toEqual({
      branches: [
        { name: 'Lindenhof Eppendorf', url: 'https://eppendorf.lindenhof.example' },
        { name: 'Lindenhof Altona', url: 'http://localhost:3831' },
      ],
      hub: 'https://order.lindenhof.example',
      self: null,
    });
    expect(branchOrigins(setup)).toEqual(['https://order.lindenhof.example', 'https://eppendorf.lindenhof.example', 'http://localhost:3831']);
  });

  it('reads a branch, which must be on the list', () => {
    const setup = readBranchSetup({ BRANCHES: LIST, HUB_URL: 'https://order.lindenhof.example', BRANCH_URL: 'http://localhost:3831' });
    expect(setup.self).toBe('http://localhost:3831');
    expect(() => readBranchSetup({ BRANCHES: LIST, HUB_URL: 'https://order.lindenhof.example', BRANCH_URL: 'http://localhost:3832' })).toThrow(
      /BRANCH_URL .* is not one of the urls in BRANCHES/,
    );
  });

  it.each([
    [{ BRANCHES: 'not json', HUB_URL: 'https://a.example' }, /BRANCHES must be JSON/],
    [{ BRANCHES: '[]', HUB_URL: 'https://a.example' }, /list of 1 to 50/],
    [{ BRANCHES: '{"name":"x","url":"https://x.example"}', HUB_URL: 'https://a.example' }, /list of 1 to 50/],
    [{ BRANCHES: '[{"name":"x","url":"https://x.example/menu"}]', HUB_URL: 'https://a.example' }, /must be an origin/],
    [{ BRANCHES: '[{"name":"x","url":"javascript:alert(1)"}]', HUB_URL: 'https://a.example' }, /must be an origin/],
    [{ BRANCHES: '[{"name":"","url":"https://x.example"}]', HUB_URL: 'https://a.example' }, /name must be/],
    [{ BRANCHES: '[{"name":"x","url":"https://x.example","admin":true}]', HUB_URL: 'https://a.example' }, /only "name" and "url"/],
    [{ BRANCHES: '[{"name":"x","url":"https://x.example"},{"name":"y","url":"https://x.example/"}]', HUB_URL: 'https://a.example' }, /one url twice/],
    [{ BRANCHES: '[{"name":"x","url":"https://x.example"}]' }, /needs HUB_URL/],
    [{ BRANCHES: '[{"name":"x","url":"https://x.example"}]', HUB_URL: 'https://a.example/hub' }, /HUB_URL must be an origin/],
    [{ HUB_URL: 'https://a.example' }, /need BRANCHES/],
    [{ BRANCH_URL: 'https://a.example' }, /need BRANCHES/],
  ])('refuses nonsense at boot with a message a person can act on: %j', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});
