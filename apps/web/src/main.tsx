import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './global.css';
import { App } from './app/app';
import { readEmbeddedSharedData } from './lib/shared-data';
import { rememberOriginalReferrer } from './lib/storage';

if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
rememberOriginalReferrer();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App initialSharedData={readEmbeddedSharedData()} />
  </StrictMode>,
);
