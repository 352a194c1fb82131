import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, SCREENS } from '@shutter/contract';
import { routerPath, screenRoutes } from './router';
import { SCREEN_LOADERS } from './screens';

describe('the router is the route table', () => {
  it('has exactly the routes of the table, each with its access, then the catch-all', () => {
    const fromTable = CLIENT_ROUTES.map((r) => ({ path: r.screen === 'Home' ? undefined : routerPath(r.path), access: r.access }));
    const fromRouter = screenRoutes.slice(0, -1).map((r) => ({ path: r.path, access: (r.handle as { access: unknown }).access }));
    expect(fromRouter).toEqual(fromTable);
    expect(screenRoutes.at(-1)?.path).toBe('*');
  });

  it('loads a component for every screen of the table', async () => {
    const named = new Set(CLIENT_ROUTES.map((r) => r.screen));
    expect([...named].sort()).toEqual([...SCREENS].sort());
    for (const [screen, load] of Object.entries(SCREEN_LOADERS)) expect(typeof (await load()), screen).toBe('function');
  });
});
