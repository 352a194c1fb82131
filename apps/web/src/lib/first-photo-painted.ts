/** How long the app waits for the first photo before it takes the page over all the same. */
const FIRST_PHOTO_WAIT_MS = 1000;

/**
 * Resolves once the page's first photo (the one the server marked `fetchpriority="high"`) has
 * loaded and a frame has painted it, at once when there is none, and after FIRST_PHOTO_WAIT_MS at
 * the latest. Hydrating the first screen is one long task on a phone: begun before that paint, it
 * holds the photo, which is the page's largest paint, back by as long.
 */
export function firstPhotoPainted(root: ParentNode): Promise<void> {
  const photo = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!photo) return Promise.resolve();
  return new Promise((resolve) => {
    // After the next frame's paint, not inside it. The timer stands in where frames do not come
    // (a tab opened in the background).
    const painted = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, FIRST_PHOTO_WAIT_MS);
    if (photo.complete) painted();
    else {
      photo.addEventListener('load', painted, { once: true });
      photo.addEventListener('error', painted, { once: true });
    }
  });
}
