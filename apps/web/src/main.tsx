import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './global.css';
import { App } from './app/app';
import { preloadLandingPage } from './app/index-page';
import { readEmbeddedSharedData } from './lib/shared-data';
import { rememberOriginalReferrer } from './lib/storage';

if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
rememberOriginalReferrer();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App initialSharedData={readEmbeddedSharedData()} />
    </StrictMode>,
  );
// The server sent the landing page pre-rendered: render over it only once its screen has loaded
// (its chunk is preloaded with the HTML), so that it does not blink through a loading state.
if (container.querySelector('.prepaint')) void preloadLandingPage().then(render, render);
else render();
