/**
 * What a visitor typed or picked in a page the app is about to render over (the landing page's
 * build-time HTML), carried into the app's own fields: nothing typed before the app took over is
 * lost, and the field they were in keeps the focus.
 */

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface TypedValue {
  value: string;
  checked: boolean | null;
}

const SKIPPED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'file', 'image']);

/** A field's key across the two renders: its name, else its accessible label (the ids differ). */
const keyOf = (field: Field) => field.name || field.getAttribute('aria-label') || '';

function fieldsOf(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>('input, select, textarea')].filter(
    (field) => keyOf(field) !== '' && !(field instanceof HTMLInputElement && SKIPPED_TYPES.has(field.type)) && field.getClientRects().length > 0,
  );
}

const changed = (field: Field) =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
    ? field.checked !== field.defaultChecked
    : field instanceof HTMLSelectElement
      ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : field.value !== field.defaultValue;

/** Sets a value as the person would have, so that a React-controlled field hears it. */
function typeInto(field: Field, typed: TypedValue): void {
  const prototype = Object.getPrototypeOf(field) as object;
  if (typed.checked !== null && field instanceof HTMLInputElement) {
    if (field.checked !== typed.checked) field.click();
    return;
  }
  if (field.value === typed.value) return;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed.value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

const FRAMES_TO_WAIT = 120;

const checkable = (field: Field) => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * Holds the fields under `root` as they are now; the function it returns, called right after the
 * app rendered over them, writes what they hold then into the fields that replaced them. It reads
 * the old fields only then, so that a key pressed while the app was rendering is not lost. When the
 * new fields are not there yet (`replaced()` false, or a screen still loading), it tries again in
 * the next frames.
 */
export function takeTypedFields(root: ParentNode, replaced: () => boolean): () => void {
  const old = fieldsOf(root);
  const active = document.activeElement;
  const focused = old.find((field) => field === active) ?? null;
  if (old.length === 0) return () => undefined;

  return function restore() {
    const typed = new Map<string, TypedValue>();
    for (const field of old) if (changed(field)) typed.set(keyOf(field), { value: field.value, checked: checkable(field) ? (field as HTMLInputElement).checked : null });
    const focusKey = focused ? keyOf(focused) : '';
    const selection = focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement ? [focused.selectionStart, focused.selectionEnd] : null;
    if (typed.size === 0 && !focusKey) return;
    let frames = 0;
    const attempt = () => {
      const fields = new Map(replaced() ? fieldsOf(root).map((field) => [keyOf(field), field]) : []);
      const wanted = [...typed.keys(), focusKey].filter(Boolean);
      if (!wanted.every((key) => fields.has(key)) && ++frames < FRAMES_TO_WAIT) {
        requestAnimationFrame(attempt);
        return;
      }
      for (const [key, value] of typed) {
        const field = fields.get(key);
        if (field) typeInto(field, value);
      }
      const target = fields.get(focusKey);
      // Only when the focus was lost with the old field: a person who moved on keeps their place.
      if (target && (document.activeElement === document.body || document.activeElement === null)) {
        target.focus();
        if (selection && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
          try {
            target.setSelectionRange(selection[0], selection[1]);
          } catch {
            /* an email or number field has no selection to set */
          }
        }
      }
    };
    attempt();
  };
}
