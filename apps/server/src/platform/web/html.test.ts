import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SharedData } from '@shutter/contract';
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
});
