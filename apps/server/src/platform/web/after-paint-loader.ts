import { createHash } from 'node:crypto';

/**
 * The one inline script the service sends: it starts a page's own module (its `data-src`) once the
 * page has painted, so that nothing the page fetches or runs stands between its HTML and its first
 * paint. It waits for the whole document to be read, then for two animation frames (the second
 * runs after the frame that painted), and starts the module in a task of its own; the timer starts
 * it anyway where frames are not drawn (a tab opened in the background).
 */
export const AFTER_PAINT_LOADER =
  "(function(t){var s=0;function go(){if(s)return;s=1;var m=document.createElement('script');m.type='module';m.crossOrigin='anonymous';m.src=t.getAttribute('data-src');document.head.appendChild(m)}function painted(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go)})});setTimeout(go,1000)}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',painted);else painted()})(document.currentScript)";

/** The loader's hash for the Content-Security-Policy, which allows no other inline script. */
export const AFTER_PAINT_LOADER_CSP = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

const LOADER_ID = 'after-paint-start';

/**
 * The loader's element, starting `src` (an address of this origin the caller gives), for the end
 * of the body, and its hold on the first paint for the head: the browser paints once it has read
 * the whole document, not a part of it that the rest would move (the centred landing page would
 * shift up when its footer came in).
 */
export const afterPaintLoader = (src: string) => ({
  head: `<link rel="expect" href="#${LOADER_ID}" blocking="render">`,
  body: `<script id="${LOADER_ID}" data-src="${src}">${AFTER_PAINT_LOADER}</script>`,
});
