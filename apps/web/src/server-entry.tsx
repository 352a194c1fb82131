import { StrictMode } from 'react';
import { renderToPipeableStream, type PipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import type { SharedData } from '@shutter/contract';
import { App } from './app/app';
import { initialLocale } from './lib/i18n/i18n';
import { PHONE_RENDER_WIDTH, WIDE_RENDER_WIDTH } from './lib/use-media-query';
import { firstScreenQueries, type FirstScreenInput, type FirstScreenState } from './state/first-screen';

// The service renders pages with this module (built by `vite build --ssr` into dist/server with the
// client's own config, so CSS-module class names are the client's); the build renders the landing
// page with it too.
export { prerenderScreen } from './prerender';

export interface FirstScreenRequest extends FirstScreenInput {
  sharedData: SharedData;
  /** A phone asked (Sec-CH-UA-Mobile or its user agent): the phone layout, else the wide one. */
  phone: boolean;
}

/** What the page's first screen is rendered from; its HTML carries it for the client's hydration. */
export function firstScreenState({ sharedData, phone, ...input }: FirstScreenRequest): FirstScreenState {
  return {
    width: phone ? PHONE_RENDER_WIDTH : WIDE_RENDER_WIDTH,
    locale: initialLocale(sharedData.language_code),
    queries: firstScreenQueries(input),
  };
}

/** The app at `url` as its first screen shows, streamed: the same tree the client hydrates (main.tsx). */
export function renderFirstScreen(url: string, sharedData: SharedData, state: FirstScreenState, options: RenderToPipeableStreamOptions): PipeableStream {
  return renderToPipeableStream(
    <StrictMode>
      <App initialSharedData={sharedData} location={url} initialQueries={state.queries} renderWidth={state.width} />
    </StrictMode>,
    // A complete boundary is written in place, however large: React otherwise sends a large one
    // after the rest, hidden, for a script to move in, and the page would not read without scripts.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER, ...options },
  );
}
