import { afterEach, describe, expect, it, vi } from 'vitest';

/** lib/api.ts reads the choice once, at start (choosing a branch reloads the site). */
async function freshApi() {
  vi.resetModules();
  return import('../../src/client/lib/api');
}

const EPPENDORF = 'http://eppendorf.lindenhof.example:3831';

describe('the API base follows the chosen branch (decision 017)', () => {
  afterEach(() => {
    localStorage.clear();
    history.replaceState(null, '', '/');
  });

  it('is the relative /api with nothing chosen, or an older build\'s bare id', async () => {
    expect((await freshApi()).API_BASE).toBe('/api');
    localStorage.setItem('branch', '1');
    expect((await freshApi()).API_BASE).toBe('/api');
  });

  it('is the branch host once a branch on another origin is chosen, without cookies', async () => {
    localStorage.setItem('branch', JSON.stringify({ name: 'Eppendorf', url: EPPENDORF, hub: location.origin }));
    const api = await freshApi();
    expect(api.API_BASE).toBe(`${EPPENDORF}/api`);
    expect(api.API_CREDENTIALS).toBe('omit');
  });

  it('stays relative when the chosen branch is this very host', async () => {
    localStorage.setItem('branch', JSON.stringify({ name: 'Altona', url: location.origin, hub: location.origin }));
    const api = await freshApi();
    expect(api.API_BASE).toBe('/api');
    expect(api.API_CREDENTIALS).toBe('include');
  });

  it('leaves the staff side on its own host, whatever a diner chose on this device', async () => {
    localStorage.setItem('branch', JSON.stringify({ name: 'Eppendorf', url: EPPENDORF, hub: location.origin }));
    history.replaceState(null, '', '/staff');
    expect((await freshApi()).API_BASE).toBe('/api');
  });
});
