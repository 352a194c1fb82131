import { createHash } from 'node:crypto';
import { AFTER_PAINT_LOADER_ID, SERVER_RENDERED_ATTRIBUTE } from '@shutter/contract';

/**
 * The one inline script the service sends: it starts a page's own module (its `data-src`, with the
 * modules of `data-preload` fetched alongside) once the page has painted, so that nothing the page
 * fetches or runs stands between its HTML and its largest paint.
 *
 * - It waits for the whole document to be read, then for the first screen's most important image
 *   (`fetchpriority=high` in #root, a feed's first photo) to load, then for two animation frames
 *   (the second runs after the frame that painted), and starts the module in a task of its own,
 *   then the preloads eight to a task: each costs the page's thread a moment to start.
 *   A timer starts it anyway a second after the document was read: a slow image, or a tab opened
 *   in the background where frames are not drawn, does not hold the app back longer.
 * - On a page the server rendered (#root marked), a tap on one of its buttons before the app has
 *   hydrated would do nothing: each button tapped is kept (once, in order) in the element's `taps`
 *   for the app to replay, and its default (a form's submission) is held. Links work as they are;
 *   a form that posts by itself (one with an `action`) is left to do so. The app sets `taps` to
 *   null when it hydrates, and the loader then lets every click through.
 *
 * Written in the oldest syntax browsers read, as one expression: its hash is in the policy.
 */
export const AFTER_PAINT_LOADER = [
  '(function(t){var s=0,r=document.getElementById("root");',
  `if(r&&r.hasAttribute("${SERVER_RENDERED_ATTRIBUTE}")){t.taps=[];document.addEventListener("click",function(e){`,
  'var q=t.taps,b=q&&e.target&&e.target.closest&&e.target.closest("button,[role=button]");',
  'if(!b||!r.contains(b)||b.closest("a[href]")||(b.form&&b.form.hasAttribute("action")))return;',
  'e.preventDefault();if(q.indexOf(b)<0)q.push(b)},true)}',
  'function add(m){m.crossOrigin="anonymous";document.head.appendChild(m)}',
  'function more(p,i){for(var n=0;i<p.length&&n<8;i++)if(p[i]){var l=document.createElement("link");l.rel="modulepreload";l.href=p[i];add(l);n++}',
  'if(i<p.length)setTimeout(function(){more(p,i)})}',
  'function go(){if(s)return;s=1;var m=document.createElement("script");m.type="module";m.src=t.getAttribute("data-src");add(m);',
  'more((t.getAttribute("data-preload")||"").split(" "),0)}',
  'function frames(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go)})})}',
  'function painted(){var w=[],a=document.querySelectorAll("#root img[fetchpriority=high]"),n;',
  'for(var i=0;i<a.length;i++)if(!a[i].complete)w.push(a[i]);n=w.length;',
  'function one(){if(--n===0)frames()}',
  'for(var j=0;j<w.length;j++){w[j].addEventListener("load",one);w[j].addEventListener("error",one)}',
  'if(!n)frames();setTimeout(go,1000)}',
  'if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",painted);else painted()})(document.currentScript)',
].join('');

/** The loader's hash for the Content-Security-Policy, which allows no other inline script. */
export const AFTER_PAINT_LOADER_CSP = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

/**
 * The loader's element, starting `src` (an address of this origin the caller gives) with the
 * modules of `preload` fetched at the same moment, for the end of the body, and its hold on the
 * first paint for the head: the browser paints once it has read the whole document, not a part of
 * it that the rest would move (the centred landing page would shift up when its footer came in).
 */
export const afterPaintLoader = (src: string, preload: string[] = []) => ({
  head: `<link rel="expect" href="#${AFTER_PAINT_LOADER_ID}" blocking="render">`,
  body: `<script id="${AFTER_PAINT_LOADER_ID}" data-src="${src}"${preload.length ? ` data-preload="${preload.join(' ')}"` : ''}>${AFTER_PAINT_LOADER}</script>`,
});
