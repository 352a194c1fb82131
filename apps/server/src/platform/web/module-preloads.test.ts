import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '@shutter/contract';
import { screenModules } from './screen-modules.js';
import { createModulePreloads } from './module-preloads.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-dist-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('preloading a screen\'s chunks', () => {
  it('lists nothing until the web client is built', () => {
    expect(createModulePreloads(path.join(dist, 'none'))(['src/features/feed/home-page.tsx'])).toEqual({ preloads: [], stylesheets: [] });
  });

  it('follows static imports once each, leaves out the entry and what it imports, and preloads their stylesheets', () => {
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-2.js' },
        'src/features/feed/home-page.tsx': { file: 'assets/home-3.js', isDynamicEntry: true, imports: ['index.html', '_shared.js', '_card.js'], css: ['assets/home-3.css'] },
        '_card.js': { file: 'assets/card-4.js', imports: ['_shared.js'], css: ['assets/card-4.css'] },
        'src/app/layouts/logged-in-chrome.tsx': { file: 'assets/chrome-5.js', isDynamicEntry: true, imports: ['index.html', '_card.js'] },
      }),
    );
    const links = createModulePreloads(dist)(['src/app/layouts/logged-in-chrome.tsx', 'src/features/feed/home-page.tsx', 'src/unknown.tsx']);
    expect(links.stylesheets).toEqual([]);
    expect(links.preloads).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/chrome-5.js">',
      '<link rel="modulepreload" crossorigin href="/assets/card-4.js">',
      '<link rel="modulepreload" crossorigin href="/assets/home-3.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/card-4.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/home-3.css">',
    ]);
  });

  it('finds a screen whose module became a shared chunk (keyed by its hash) by its name, when only one chunk has it', () => {
    const shared = path.join(dist, 'shared');
    fs.mkdirSync(path.join(shared, '.vite'), { recursive: true });
    fs.writeFileSync(
      path.join(shared, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['_auth-pages-2.js'] },
        '_auth-pages-2.js': { file: 'assets/auth-pages-2.js', name: 'auth-pages', imports: ['index.html'], css: ['assets/auth-pages-2.css'] },
        '_contacts-3.js': { file: 'assets/contacts-3.js', name: 'contacts' },
        '_contacts-4.js': { file: 'assets/contacts-4.js', name: 'contacts' },
      }),
    );
    const preloads = createModulePreloads(shared);
    expect(preloads(['src/features/auth/auth-pages.tsx'], { blockingStyles: true })).toEqual({
      preloads: ['<link rel="modulepreload" crossorigin href="/assets/auth-pages-2.js">'],
      stylesheets: ['<link rel="stylesheet" crossorigin href="/assets/auth-pages-2.css">'],
    });
    expect(preloads(['src/features/contacts/contacts.tsx'])).toEqual({ preloads: [], stylesheets: [] });
  });

  it('lists a chunk\'s stylesheets after those of what it imports, the order the client adds them in', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-dist-'));
    fs.mkdirSync(path.join(other, '.vite'));
    fs.writeFileSync(
      path.join(other, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'src/landing.tsx': { file: 'assets/landing-2.js', isDynamicEntry: true, imports: ['index.html', '_form.js'], css: ['assets/landing-2.css'] },
        '_form.js': { file: 'assets/form-3.js', css: ['assets/form-3.css'] },
      }),
    );
    expect(createModulePreloads(other)(['src/landing.tsx'], { blockingStyles: true })).toEqual({
      preloads: ['<link rel="modulepreload" crossorigin href="/assets/landing-2.js">', '<link rel="modulepreload" crossorigin href="/assets/form-3.js">'],
      stylesheets: ['<link rel="stylesheet" crossorigin href="/assets/form-3.css">', '<link rel="stylesheet" crossorigin href="/assets/landing-2.css">'],
    });
    fs.rmSync(other, { recursive: true, force: true });
  });

  it('every screen the server names exists in the web client', () => {
    const web = path.resolve(import.meta.dirname, '../../../../web');
    const named = new Set(CLIENT_ROUTES.flatMap((route) => [...screenModules(route.screen, true), ...screenModules(route.screen, false)]));
    expect(named.size).toBeGreaterThan(5);
    for (const module of named) expect(fs.existsSync(path.join(web, module)), module).toBe(true);
  });
});
