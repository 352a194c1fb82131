import { AFTER_PAINT_LOADER_ID } from '@shutter/contract';
import { changedFields, typeInto } from './typed-fields';

type Loader = HTMLElement & { taps?: HTMLElement[] | null };

/**
 * The buttons tapped on a server-rendered page before the app hydrated it, which the page's loader
 * held (once each, in order); from this call on the loader lets every click through to the app.
 */
export function takeEarlyTaps(): HTMLElement[] {
  const loader = document.getElementById(AFTER_PAINT_LOADER_ID) as Loader | null;
  const taps = loader?.taps ?? [];
  if (loader) loader.taps = null;
  return taps;
}

/**
 * What a reader did to the server's HTML before the app hydrated it, told to the app: each field
 * typed into or ticked hears it as if typed now (hydration keeps the text but not the state that
 * should hold it), then each button tapped is tapped again. Hydration keeps the same elements, so
 * they are the ones the reader touched; any the app no longer shows are left.
 */
export function replayEarlyInput(root: HTMLElement, taps: HTMLElement[]): void {
  for (const field of changedFields(root)) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // Back to what the HTML said, then the reader's tick again, which the app hears as theirs.
      field.checked = field.defaultChecked;
      field.click();
    } else if (field instanceof HTMLSelectElement) {
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      const typed = field.value;
      const caret = document.activeElement === field ? selectionOf(field) : null;
      // The app's state starts from the HTML's value: from nothing, then the text, so it hears a change.
      typeInto(field, { value: '', checked: null });
      typeInto(field, { value: typed, checked: null });
      if (caret) field.setSelectionRange(caret[0], caret[1]);
    }
  }
  for (const button of taps) if (button.isConnected) button.click();
}

/** Where the caret was, for the fields that have one (an email field has none to read). */
function selectionOf(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return field.selectionStart === null || field.selectionEnd === null ? null : [field.selectionStart, field.selectionEnd];
  } catch {
    return null;
  }
}
