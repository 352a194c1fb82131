/** The post's absolute address (what Share and Copy link put on the clipboard). */
export function postUrl(shortcode: string): string {
  return `${window.location.origin}/p/${shortcode}/`;
}

export async function copyPostLink(shortcode: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(postUrl(shortcode));
    return true;
  } catch {
    return false;
  }
}
