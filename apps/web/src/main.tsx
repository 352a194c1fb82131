import { StrictMode, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { FIRST_SCREEN_ELEMENT_ID, SERVER_RENDERED_ATTRIBUTE } from '@shutter/contract';
import './global.css';
import { App } from './app/app';
import { loadFirstScreen } from './app/router';
import { preloadLandingPage } from './app/landing-preload';
import { initialLocale } from './lib/i18n/i18n';
import { readEmbeddedSharedData, takeEmbeddedJson } from './lib/shared-data-embedded';
import { rememberOriginalReferrer } from './lib/storage';
import { readFirstScreen } from './state/first-screen-state';
import { takeTypedFields } from './lib/typed-fields';
import { linkInlineStylesheets } from './lib/inline-stylesheets';
import { firstPhotoPainted } from './lib/first-photo-painted';

/** The build-time render's layouts (prerender.tsx). */
const PREPAINT = '.prepaint';

// Before any chunk loads: its loader looks for its stylesheets' links.
linkInlineStylesheets();
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
rememberOriginalReferrer();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const sharedData = readEmbeddedSharedData();
// What the server rendered the first screen from (and, when its render failed, what the client
// starts from all the same): the query cache entries, the width, the language.
const firstScreen = readFirstScreen(takeEmbeddedJson(FIRST_SCREEN_ELEMENT_ID));
/**
 * Once the app's first render has committed, the page is the app's: #root no longer says the
 * server rendered it, and a tap from now on reaches the app (React replays one that comes while
 * a part of the page is still hydrating).
 */
function TakenOver() {
  useEffect(() => container?.removeAttribute(SERVER_RENDERED_ATTRIBUTE), []);
  return null;
}
const app = (
  <StrictMode>
    <TakenOver />
    <App initialSharedData={sharedData} initialQueries={firstScreen?.queries} renderWidth={firstScreen?.width} />
  </StrictMode>
);
const render = () => createRoot(container).render(app);

// Hydrate what the server rendered, unless its render failed (#root empty) or this reader's
// language is another one (their stored choice): then the client renders on its own.
const serverRendered = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE) && container.firstChild !== null;
// Not as a transition: one that yields would let a reader type into a form before React owns it,
// and what they typed would not reach the form's state.
if (serverRendered && firstScreen?.locale === initialLocale(sharedData?.language_code)) {
  const hydrate = () => hydrateRoot(container, app);
  // The screen's and the frame's chunks come preloaded with the HTML: hydrate once they have run
  // (loaded-first.tsx says why), and once the page's first photo has painted.
  const ready = Promise.all([loadFirstScreen(window.location.pathname, !!sharedData?.config.viewer), firstPhotoPainted(container)]);
  void ready.then(hydrate, hydrate);
}
// The server sent the landing page pre-rendered: render over it only once its screen has loaded
// (its chunk is preloaded with the HTML, or by the page's own script), so that it does not blink
// through a loading state, and with what the visitor typed into it meanwhile.
else if (container.querySelector(PREPAINT)) {
  // Committed at once, and what was typed carried over in the same task: no key pressed in between.
  const renderOver = () => {
    const restore = takeTypedFields(container, () => container.querySelector(PREPAINT) === null);
    const root = createRoot(container);
    flushSync(() => root.render(app));
    restore();
  };
  void preloadLandingPage().then(renderOver, renderOver);
}
else render();
