import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SharedData } from '@shutter/contract';
import { afterPaintLoader } from './after-paint-loader.js';
import { createShellRenderer } from './html.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-shell-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const shared: SharedData = { config: { viewer: null, csrf_token: 't' }, gdpr_required: false, tos_version: 'row', language_code: 'en', direct: { enabled: true, desktop: true }, status: 'ok' };

describe('the HTML shell', () => {
  it('puts a pre-rendered screen inside #root with its stylesheets blocking, and nothing when there is none', () => {
    fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<html lang="en"><head><title><!--app-title--></title><!--app-head--><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dist, 'prerendered', 'landing.html'), '<div class="prepaint"><p>Share photos $& more</p></div>');
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'src/landing.tsx': { file: 'assets/landing.js', css: ['assets/landing.css'] } }));
    const render = createShellRenderer(dist);
    const landing = render({ title: 'Shutter' }, shared, { prerendered: 'landing', modules: ['src/landing.tsx'] });
    expect(landing).toContain('<div id="root"><div class="prepaint"><p>Share photos $& more</p></div></div>');
    expect(landing).toContain('<link rel="stylesheet" crossorigin href="/assets/landing.css">');
    // after the entry's stylesheet, as the client would add it: the same cascade
    expect(landing.indexOf('/assets/landing.css')).toBeGreaterThan(landing.indexOf('/assets/index.css'));
    expect(landing.indexOf('/assets/landing.css')).toBeLessThan(landing.indexOf('</head>'));
    const other = render({ title: 'Login' }, shared, { modules: ['src/landing.tsx'] });
    expect(other).toContain('<div id="root"></div>');
    expect(other).toContain('<link rel="preload" as="style" crossorigin href="/assets/landing.css">');
    expect(createShellRenderer(path.join(dist, 'missing'))({ title: 'Shutter' }, shared, { prerendered: 'landing' })).toContain('<div id="root"></div>');
  });

  it('sends a page that works as it stands with its own script in place of the app, its stylesheets inline and marked with their addresses', () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-start-'));
    fs.mkdirSync(path.join(web, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(web, 'prerendered'), { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), [
      '<html lang="en"><head><title><!--app-title--></title><!--app-head-->',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/main-2.js">',
      '<link rel="stylesheet" crossorigin href="/assets/main-2.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'));
    fs.writeFileSync(path.join(web, 'prerendered', 'landing.html'), '<div class="prepaint">Share</div>');
    fs.writeFileSync(path.join(web, 'assets', 'main-2.css'), 'body{margin:0}');
    fs.writeFileSync(path.join(web, 'assets', 'landing-4.css'), '.tagline{color:red}/*</style><script>*/');
    fs.writeFileSync(path.join(web, '.vite', 'manifest.json'), JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_main.js'] },
      '_main.js': { file: 'assets/main-2.js', imports: ['_core.js'], css: ['assets/main-2.css'] },
      '_core.js': { file: 'assets/core-3.js' },
      'src/landing-boot.ts': { file: 'assets/boot-5.js', isEntry: true, imports: ['_core.js'], dynamicImports: ['_main.js'] },
      'src/landing.tsx': { file: 'assets/landing-4.js', imports: ['_core.js'], css: ['assets/landing-4.css'] },
    }));
    try {
      const render = createShellRenderer(web);
      const page = render({ title: 'Shutter' }, shared, { prerendered: 'landing', modules: ['src/landing.tsx'], startScript: 'src/landing-boot.ts' });
      // the page's script starts after the paint, last in the body, and nothing is fetched for it before
      const loader = afterPaintLoader('/assets/boot-5.js');
      const at = page.indexOf(loader.body);
      expect(at).toBeGreaterThan(page.indexOf('<div id="root">'));
      expect(page.slice(at + loader.body.length).trim()).toBe('</body></html>');
      // and the first paint waits for the whole document, the loader being its end
      expect(page.indexOf(loader.head)).toBeGreaterThan(-1);
      expect(page.indexOf(loader.head)).toBeLessThan(page.indexOf('</head>'));
      expect(page).not.toContain('<script type="module"');
      expect(page).not.toContain('modulepreload');
      // nothing of the app's, nor the screen's code
      for (const file of ['index-1.js', 'main-2.js', 'landing-4.js', 'core-3.js']) expect(page).not.toContain(file);
      expect(page).not.toContain('rel="stylesheet"');
      expect(page).toContain('<style data-href="/assets/main-2.css">body{margin:0}</style>');
      // the text can never close its element
      expect(page).toContain('<style data-href="/assets/landing-4.css">.tagline{color:red}/*<\\/style><script>*/</style>');
      expect(page.indexOf('main-2.css')).toBeLessThan(page.indexOf('landing-4.css'));
      expect(page).toContain('<div id="root"><div class="prepaint">Share</div></div>');
      // without it, the same page with the app
      const withApp = render({ title: 'Shutter' }, shared, { prerendered: 'landing', modules: ['src/landing.tsx'] });
      expect(withApp).toContain('src="/assets/index-1.js"');
      expect(withApp).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-4.js">');
      expect(withApp).toContain('<link rel="stylesheet" crossorigin href="/assets/landing-4.css">');
      expect(withApp).not.toContain('boot-5.js');
      // a screen the server rendered keeps the app and its preloads, with every stylesheet inline
      const rendered = render.parts({ title: 'Feed' }, shared, { modules: ['src/landing.tsx'] }, { serverRendered: true });
      const html = `${rendered.before}${rendered.after}`;
      expect(html).toContain('src="/assets/index-1.js"');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-4.js">');
      expect(html).not.toContain('rel="stylesheet"');
      expect(html).toContain('<style data-href="/assets/main-2.css">body{margin:0}</style>');
      expect(html.indexOf('main-2.css')).toBeLessThan(html.indexOf('landing-4.css'));
      expect(html.indexOf('landing-4.css')).toBeLessThan(html.indexOf('</head>'));
    } finally {
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});
