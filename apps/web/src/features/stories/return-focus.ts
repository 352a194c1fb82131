/**
 * The reel the viewer was last on, so that the tray focuses it again when the viewer closes: the
 * tray's page was not on screen while the viewer was, so focus cannot simply go back to the opener.
 */
let reelId: string | null = null;

export function setReturnFocus(id: string | null): void {
  reelId = id;
}

export function takeReturnFocus(): string | null {
  const id = reelId;
  reelId = null;
  return id;
}
