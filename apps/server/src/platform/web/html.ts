import fs from 'node:fs';
import path from 'node:path';
import type { SharedData } from '@shutter/contract';
import { createModulePreloads } from './module-preloads.js';

export interface ShellMeta {
  title: string;
  description?: string;
  image?: string;
  url?: string;
  type?: string;
}

/** What a page adds to its HTML so that it paints before the client has fetched anything. */
export interface ShellExtras {
  /** Complete elements for the head (preloads); the caller escapes what it interpolates. */
  head?: string[];
  /** Markup put inside #root: shown until the client renders over it. */
  root?: string;
  /** A screen pre-rendered at build time (apps/web/dist/prerendered/{name}.html) put inside #root. */
  prerendered?: 'landing';
  /** The screen's code-split modules (paths under apps/web), fetched along with the HTML. */
  modules?: string[];
  /** JSON embedded as `<script type="application/json" id={key}>`, read once by the client. */
  data?: Record<string, unknown>;
}

const FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title><!--app-title--></title><!--app-head--></head>
<body><div id="root"></div><main><h1>Shutter</h1><p>The web client is not built yet. Run <code>npm run build</code>, then reload.</p></main></body></html>`;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a script element: nothing in it may close the element. */
const escapeJsonForHtml = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The app's HTML for every client route: the built index.html with the page's title, its Open
 * Graph tags and the shared data (viewer, csrf token) the client starts from without a round trip.
 */
export function createShellRenderer(webDist: string) {
  const preloads = createModulePreloads(webDist);
  const screens = new Map<string, string>();
  const prerendered = (name: string): string => {
    const cached = screens.get(name);
    if (cached !== undefined) return cached;
    const file = path.join(webDist, 'prerendered', `${name}.html`);
    // Like the template: kept once built; without a build the client simply renders from nothing.
    if (!fs.existsSync(file)) return '';
    const markup = fs.readFileSync(file, 'utf8');
    screens.set(name, markup);
    return markup;
  };
  let template: string | null = null;
  const load = () => {
    if (template !== null) return template;
    const file = path.join(webDist, 'index.html');
    // Read once when built; while it is missing, look again on each request (the build may still run).
    if (fs.existsSync(file)) template = fs.readFileSync(file, 'utf8');
    return template ?? FALLBACK;
  };

  return (meta: ShellMeta, shared: SharedData, extras: ShellExtras = {}): string => {
    const title = meta.title === 'Shutter' ? 'Shutter' : `${meta.title} • Shutter`;
    const tags: [string, string | undefined][] = [
      ['og:site_name', 'Shutter'],
      ['og:title', title],
      ['og:description', meta.description],
      ['og:type', meta.type ?? 'website'],
      ['og:image', meta.image],
      ['og:url', meta.url],
    ];
    const links = preloads(extras.modules ?? [], { blockingStyles: !!extras.prerendered });
    const head = [
      meta.description ? `<meta name="description" content="${escapeHtml(meta.description)}">` : '',
      ...tags.filter(([, v]) => v).map(([k, v]) => `<meta property="${k}" content="${escapeHtml(v!)}">`),
      `<script type="application/json" id="shared-data">${escapeJsonForHtml(shared)}</script>`,
      ...Object.entries(extras.data ?? {}).map(([id, value]) => `<script type="application/json" id="${escapeHtml(id)}">${escapeJsonForHtml(value)}</script>`),
      ...(extras.head ?? []),
      ...links.preloads,
    ].join('\n    ');
    // A pre-rendered screen needs its stylesheets before the first paint, not after the scripts. They
    // go last in the head, after the entry's own stylesheet, in the order the client would add them
    // (the client then finds them there and does not add them again): the cascade stays the same.
    const styles = links.stylesheets.map((link) => `  ${link}\n  `).join('');
    // Replacer functions: a string replacement would read `$&` or `$'` in user text as patterns.
    return load()
      .replace('</head>', () => `${styles}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${extras.root ?? (extras.prerendered ? prerendered(extras.prerendered) : '')}</div>`)
      .replace('<!--app-title-->', () => escapeHtml(title))
      .replace('<!--app-head-->', () => head)
      .replace('<html lang="en"', () => `<html lang="${escapeHtml(shared.language_code)}"`);
  };
}
export type ShellRenderer = ReturnType<typeof createShellRenderer>;
