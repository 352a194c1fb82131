import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ClientRoute, FeedPage, SharedData } from '@shutter/contract';
import type { ShellParts } from './html.js';

/** What the web client's server entry (apps/web/src/server-entry.tsx) exports, as the service uses it. */
export interface FirstScreenRequest {
  route: Pick<ClientRoute, 'path' | 'page'>;
  params: Record<string, string | undefined>;
  pageData: unknown;
  feed?: FeedPage;
  /** The viewer's profile form, on the logged-in home page. */
  editProfile?: unknown;
  /** The page's query string (a directory page's `?page=`). */
  search?: string;
  sharedData: SharedData;
  phone: boolean;
}

interface PipeableStream {
  pipe<W extends NodeJS.WritableStream>(destination: W): W;
  abort(reason?: unknown): void;
}

interface RenderOptions {
  onAllReady?: () => void;
  onShellError?: (error: unknown) => void;
  onError?: (error: unknown) => string | void;
}

export interface ServerEntry {
  firstScreenState(request: FirstScreenRequest): unknown;
  renderFirstScreen(url: string, sharedData: SharedData, state: unknown, options: RenderOptions): PipeableStream;
}

/** Past this, a render that has not finished is abandoned for the client-rendered shell. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * Whether a phone asked: its client hint, else a user agent that says so. The server lays the
 * first screen out for a phone's width or a desktop's; the client then follows its real viewport.
 */
export function isPhone(request: FastifyRequest): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi|iPhone|Android.+Mobile/i.test(request.headers['user-agent'] ?? '');
}

/**
 * Loads the web client's server build (apps/web/dist/server/server-entry.js) once it exists. Like
 * the HTML template: read once when built, looked for again while missing; without a build the
 * pages are the shell the client renders on its own.
 */
export function createServerEntryLoader(webDist: string, importEntry = (file: string) => import(pathToFileURL(file).href) as Promise<ServerEntry>) {
  const file = path.join(webDist, 'server', 'server-entry.js');
  let entry: Promise<ServerEntry> | null = null;
  return async (): Promise<ServerEntry | null> => {
    if (!entry) {
      if (!fs.existsSync(file)) return null;
      entry = importEntry(file);
    }
    return entry;
  };
}
export type ServerEntryLoader = ReturnType<typeof createServerEntryLoader>;

export interface RenderedPage {
  /** What the HTML embeds for the client to start from. */
  state: unknown;
  /**
   * The document with React's render of the first screen inside #root. On a failure #root stays
   * empty (its head has gone out already): the client then renders on its own (main.tsx).
   */
  stream(shell: ShellParts): PassThrough;
}

/**
 * Renders the first screen of a page with React on the server and streams it. The document's head
 * goes out at once (its preloads fetch the screen's chunks and first photo meanwhile), then
 * React's render once complete: everything the screen shows was read before rendering, so only a
 * screen's code on its first use in this process can suspend, and a complete render never leaves
 * a boundary that only a script could reveal (the page reads the same without JavaScript).
 * Null without a server build, or when the entry fails before rendering.
 */
export async function renderPage(load: ServerEntryLoader, log: FastifyBaseLogger, url: string, request: FirstScreenRequest): Promise<RenderedPage | null> {
  let entry: ServerEntry | null;
  let state: unknown;
  try {
    entry = await load();
    if (!entry) return null;
    state = entry.firstScreenState(request);
  } catch (err) {
    log.error({ err, url }, 'server render unavailable: the client renders the page');
    return null;
  }
  const server = entry;
  return {
    state,
    stream({ before, after }) {
      const out = new PassThrough();
      out.write(before);
      let done = false;
      let rendering: PipeableStream | null = null;
      const timer = setTimeout(() => {
        finish(new Error(`the render took over ${RENDER_TIMEOUT_MS} ms`));
        rendering?.abort();
      }, RENDER_TIMEOUT_MS);
      const finish = (err?: unknown) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (err) log.error({ err, url }, 'server render failed: the client renders the page');
        out.end(after);
      };
      try {
        rendering = server.renderFirstScreen(url, request.sharedData, state, {
          onAllReady() {
            if (done) return;
            // React ends its destination when it is done: the rest of the document follows it here.
            rendering!.pipe(new Writable({
              write: (chunk, _encoding, next) => void out.write(chunk, next),
              final: (next) => {
                finish();
                next();
              },
            }));
          },
          onShellError: (err) => finish(err),
          // A part of the screen that failed is left for the client to render; the rest goes out.
          onError: (err) => void log.error({ err, url }, 'server render: part of the screen failed'),
        });
      } catch (err) {
        finish(err);
      }
      return out;
    },
  };
}
