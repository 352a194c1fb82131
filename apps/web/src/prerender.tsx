import { prerender } from 'react-dom/static';
import { DEFAULT_TOS_VERSION, type SharedData } from '@shutter/contract';
import { App } from './app/app';
import { MOBILE_QUERY, PHONE_RENDER_WIDTH, WIDE_RENDER_WIDTH } from './lib/use-media-query';

/** A logged-out visitor as the server's shared data describes one (the csrf token comes later). */
const LOGGED_OUT: SharedData = {
  config: { viewer: null, csrf_token: '' },
  gdpr_required: false,
  tos_version: DEFAULT_TOS_VERSION,
  language_code: 'en',
  direct: { enabled: true, desktop: true },
  status: 'ok',
};

/** The query that picks the phone or the wide layout. */
const PHONE_MAX = Number(/max-width:\s*(\d+)px/.exec(MOBILE_QUERY)![1]);

async function renderAt(location: string, width: number): Promise<string> {
  // prerender waits for the lazy screens to load, where renderToString would give their fallbacks.
  // Each render gets its own id prefix: an SVG gradient referenced by id must not resolve into the
  // hidden layout.
  const { prelude } = await prerender(<App initialSharedData={LOGGED_OUT} location={location} renderWidth={width} />, { identifierPrefix: `w${width}-` });
  return new Response(prelude).text();
}

/**
 * The screen at `location` as a logged-out visitor first sees it, for inside #root: both the phone
 * and the wide layout, CSS showing the one that fits, with the cookie banner hidden (the page's
 * script shows it when the visitor has not answered it yet). The client renders over it with createRoot.
 */
export async function prerenderScreen(location: string): Promise<string> {
  const phone = await renderAt(location, PHONE_RENDER_WIDTH);
  const wide = await renderAt(location, WIDE_RENDER_WIDTH);
  return [
    `<style>.prepaint{display:contents}@media (max-width:${PHONE_MAX}px){.prepaint-wide{display:none}}@media (min-width:${PHONE_MAX + 1}px){.prepaint-phone{display:none}}</style>`,
    `<div class="prepaint prepaint-phone">${phone}</div>`,
    `<div class="prepaint prepaint-wide">${wide}</div>`,
  ].join('');
}
