/**
 * The service sends a page's stylesheets inline when the page paints from its HTML, each marked
 * with its address. Linked again in their places before the app loads its chunks, so that the
 * app's loader finds them and adds none (the cascade stays: each link comes just before the same
 * rules inline). Safe to call more than once.
 */
export function linkInlineStylesheets(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const href = style.dataset.href!;
    if (style.previousElementSibling?.getAttribute('href') === href) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    // The attribute as written, which the app's loader looks for (the property would be absolute).
    link.setAttribute('href', href);
    style.before(link);
  }
}
