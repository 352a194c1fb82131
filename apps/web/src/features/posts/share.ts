import { copyToClipboard } from './copy-link-item';

/** The post's absolute address (what Share and Copy link put on the clipboard). */
export function postUrl(shortcode: string): string {
  return `${window.location.origin}/p/${shortcode}/`;
}

export function copyPostLink(shortcode: string): Promise<boolean> {
  return copyToClipboard(postUrl(shortcode));
}
