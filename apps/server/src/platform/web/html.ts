import fs from 'node:fs';
import path from 'node:path';
import { FIRST_SCREEN_ELEMENT_ID, SERVER_RENDERED_ATTRIBUTE, type FeedPage, type SharedData } from '@shutter/contract';
import { afterPaintLoader } from './after-paint-loader.js';
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
  /** A screen pre-rendered at build time (apps/web/dist/prerendered/{name}.html) put inside #root. */
  prerendered?: 'landing';
  /**
   * The page starts with this entry of the build (a manifest key) in place of the app's, which that
   * script loads when the visitor first needs it: for a page that works as its HTML stands. The
   * script itself starts after the first paint, the screen's chunks are not preloaded, and its
   * stylesheets come inline: the page paints from its first response alone.
   */
  startScript?: string;
  /** The screen's code-split modules (paths under apps/web), fetched along with the HTML. */
  modules?: string[];
  /** What the first screen shows beyond the page data: the logged-in home page's first feed page. */
  feed?: FeedPage;
  /** The viewer's profile form (`/accounts/edit/`'s page data), for the home page's reminder to confirm their email. */
  editProfile?: unknown;
}

/** The document around #root's content: `before` ends with #root's opening tag, `after` starts with its end. */
export interface ShellParts {
  before: string;
  after: string;
}

export interface ShellPartsOptions {
  /** The server rendered the first screen into #root: the client hydrates it. */
  serverRendered?: boolean;
  /** What the first screen was rendered from, embedded after #root for the client to start from. */
  firstScreen?: unknown;
}

const FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title><!--app-title--></title><!--app-head--></head>
<body><div id="root"></div><main><h1>Shutter</h1><p>The web client is not built yet. Run <code>npm run build</code>, then reload.</p></main></body></html>`;

/** The app's entry and the modules it preloads, as Vite writes them into index.html. */
const APP_SCRIPTS = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;

/** A stylesheet of the build, as the template and the screens' links name it. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;

/** Where #root's content goes; escaped user text (`<` as `&lt;`) can never spell it. */
const ROOT_CONTENT = '<!--app-root-->';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a script element: nothing in it may close the element. */
export const escapeJsonForHtml = (value: unknown) =>
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

  const inlined = new Map<string, string | null>();
  /** A built stylesheet's text for a <style> element, or null when the build has no such file. */
  const stylesheetText = (href: string): string | null => {
    if (inlined.has(href)) return inlined.get(href)!;
    const file = path.join(webDist, href);
    const text = file.startsWith(path.join(webDist, 'assets')) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style') : null;
    inlined.set(href, text);
    return text;
  };
  /**
   * Each stylesheet link as a <style> of its text, marked with its address: the page's own script
   * puts the links back before the app loads, so that the app's loader finds them and adds none.
   */
  const inlineStylesheets = (document: string) =>
    document.replace(STYLESHEET_LINK, (link, href: string) => {
      const text = stylesheetText(href);
      return text === null ? link : `<style data-href="${escapeHtml(href)}">${text}</style>`;
    });

  const withoutApp = new Map<string, string>();
  /** The template with `startScript` in place of the app's entry and its preloads, its stylesheets inline (kept once built). */
  const startingWith = (startScript: string): string => {
    const document = load();
    const kept = withoutApp.get(startScript);
    if (kept !== undefined) return kept;
    const entry = preloads.entry(startScript);
    if (!entry || template === null) return document;
    // Started after the paint: the page paints from its HTML alone, and the script's own imports
    // are found when it loads.
    const loader = afterPaintLoader(`/${entry.file}`);
    const starting = inlineStylesheets(document.replace(APP_SCRIPTS, ''))
      .replace('</head>', () => `  ${loader.head}\n  </head>`)
      .replace('</body>', () => `  ${loader.body}\n  </body>`);
    withoutApp.set(startScript, starting);
    return starting;
  };

  let inlinedTemplate: string | null = null;
  /** The template as it is, its stylesheets inline (kept once built). */
  const withStylesInline = (): string => {
    const document = load();
    if (template === null) return document;
    inlinedTemplate ??= inlineStylesheets(document);
    return inlinedTemplate;
  };

  const parts = (meta: ShellMeta, shared: SharedData, extras: ShellExtras = {}, options: ShellPartsOptions = {}): ShellParts => {
    const title = meta.title === 'Shutter' ? 'Shutter' : `${meta.title} • Shutter`;
    const tags: [string, string | undefined][] = [
      ['og:site_name', 'Shutter'],
      ['og:title', title],
      ['og:description', meta.description],
      ['og:type', meta.type ?? 'website'],
      ['og:image', meta.image],
      ['og:url', meta.url],
    ];
    const paintsFromHtml = !!extras.prerendered || !!options.serverRendered;
    const screen = preloads(extras.modules ?? [], { blockingStyles: paintsFromHtml });
    const links = extras.startScript ? { ...screen, preloads: [] } : screen;
    const head = [
      meta.description ? `<meta name="description" content="${escapeHtml(meta.description)}">` : '',
      ...tags.filter(([, v]) => v).map(([k, v]) => `<meta property="${k}" content="${escapeHtml(v!)}">`),
      `<script type="application/json" id="shared-data">${escapeJsonForHtml(shared)}</script>`,
      ...(extras.head ?? []),
      ...links.preloads,
    ].join('\n    ');
    // A screen painted from the HTML needs its stylesheets before the first paint, not after the
    // scripts. They go last in the head, after the entry's own stylesheet, in the order the client
    // would add them (the client then finds them there and does not add them again): the cascade
    // stays the same.
    // A server-rendered screen gets them inline too: a dozen small stylesheets would each take a
    // request before the first paint (the app links them again before it loads its chunks).
    const inline = !!extras.startScript || !!options.serverRendered;
    const styles = links.stylesheets.map((link) => `  ${inline ? inlineStylesheets(link) : link}\n  `).join('');
    const root = `<div id="root"${options.serverRendered ? ` ${SERVER_RENDERED_ATTRIBUTE}=""` : ''}>`;
    // After #root: the markup above it paints before the browser has read this.
    const firstScreen = options.firstScreen === undefined ? '' : `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${escapeJsonForHtml(options.firstScreen)}</script>`;
    // Replacer functions: a string replacement would read `$&` or `$'` in user text as patterns.
    const base = extras.startScript ? startingWith(extras.startScript) : options.serverRendered ? withStylesInline() : load();
    const document = base
      .replace('</head>', () => `${styles}</head>`)
      .replace('<div id="root"></div>', () => `${root}${ROOT_CONTENT}</div>${firstScreen}`)
      .replace('<!--app-title-->', () => escapeHtml(title))
      .replace('<!--app-head-->', () => head)
      .replace('<html lang="en"', () => `<html lang="${escapeHtml(shared.language_code)}"`);
    const at = document.indexOf(ROOT_CONTENT);
    return { before: document.slice(0, at), after: document.slice(at + ROOT_CONTENT.length) };
  };
  /** The whole document: #root holds the pre-rendered screen, if any, until the client renders. */
  const render = (meta: ShellMeta, shared: SharedData, extras: ShellExtras = {}, options: ShellPartsOptions = {}): string => {
    const { before, after } = parts(meta, shared, extras, options);
    return `${before}${extras.prerendered ? prerendered(extras.prerendered) : ''}${after}`;
  };
  return Object.assign(render, { parts });
}

export type ShellRenderer = ReturnType<typeof createShellRenderer>;
