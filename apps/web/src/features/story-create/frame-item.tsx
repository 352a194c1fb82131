import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent, type RefObject, type WheelEvent } from 'react';
import { storyColourValue } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { fontOf, stickerLook, TEXT_LINE_HEIGHT } from './sticker-look';
import { angleOf, FRAME_HEIGHT, FRAME_WIDTH, rotated, type CanvasItem, type Transform } from './story-reducer';
import { dispatchStory } from './story-store';
import styles from './story-create.module.css';

const KEY_STEP = 0.01;
const KEY_TURN = Math.PI / 12;
const KEY_SCALE = 1.1;
/** Pointer travel (CSS px) below which a press is a tap. */
const TAP_SLOP = 4;

interface Gesture {
  pointers: Map<number, { x: number; y: number }>;
  start: { x: number; y: number; transform: Transform };
  /** Pointer positions when the gesture (re)started. */
  origin: Map<number, { x: number; y: number }>;
  moved: boolean;
}

function pairOf(points: Map<number, { x: number; y: number }>) {
  const [a, b] = [...points.values()];
  if (!a || !b) return null;
  return { mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, distance: Math.hypot(b.x - a.x, b.y - a.y) || 1, angle: Math.atan2(b.y - a.y, b.x - a.x) };
}

export function itemLabel(t: ReturnType<typeof useT>, item: CanvasItem): string {
  if (item.kind === 'text') return t('storyCreate.item.text', { text: item.renderText });
  const c = item.content;
  switch (c.type) {
    case 'mention': return t('storyCreate.item.mention', { username: c.username });
    case 'hashtag': return t('storyCreate.item.hashtag', { name: c.name });
    case 'location': return t('storyCreate.item.location', { name: c.name });
    case 'time': return t('storyCreate.item.time', { text: c.text });
    case 'emoji': return t('storyCreate.item.emoji', { emoji: c.emoji });
  }
}

function lookStyle(item: CanvasItem): CSSProperties {
  if (item.kind === 'text') {
    const s = item.shadow;
    return {
      font: fontOf(600, item.fontSize),
      lineHeight: TEXT_LINE_HEIGHT,
      color: storyColourValue(item.colour),
      textShadow: `${s.offsetX}px ${s.offsetY}px ${s.blur}px ${s.colour}`,
      whiteSpace: 'pre',
      textAlign: 'center',
      background: 'transparent',
      padding: 0,
    };
  }
  const look = stickerLook(item);
  return {
    font: fontOf(look.fontWeight, look.fontSize),
    lineHeight: TEXT_LINE_HEIGHT,
    color: look.colour,
    background: look.background ?? 'transparent',
    padding: `${look.paddingY}px ${look.paddingX}px`,
    borderRadius: look.radius,
    whiteSpace: 'pre',
  };
}

interface FrameItemProps {
  item: CanvasItem;
  frameRef: RefObject<HTMLDivElement | null>;
  trashRef: RefObject<HTMLDivElement | null>;
  hintId: string;
  disabled: boolean;
  hidden: boolean;
  overTrash: boolean;
  /** Its place in the stack (the front is highest). */
  layer: number;
  onRemoved: () => void;
}

/**
 * A text or sticker on the frame. Mouse and pen drag it, two fingers pinch and turn it, the wheel
 * resizes it (with Shift it turns); the keyboard does all of it (see the hint). A tap or Enter
 * edits a text or cycles a sticker's variants; dropped on the trash it goes.
 */
export function FrameItem({ item, frameRef, trashRef, hintId, disabled, hidden, overTrash: aboveTrash, layer, onRemoved }: FrameItemProps) {
  const t = useT();
  const gesture = useRef<Gesture | null>(null);
  const suppressClick = useRef(false);

  const frameRect = () => frameRef.current?.getBoundingClientRect() ?? null;
  const overTrash = (x: number, y: number) => {
    const r = trashRef.current?.getBoundingClientRect();
    return !!r && x >= r.left - 8 && x <= r.right + 8 && y >= r.top - 8 && y <= r.bottom + 8;
  };
  const restart = (g: Gesture) => {
    g.start = { x: item.x, y: item.y, transform: item.transform };
    g.origin = new Map(g.pointers);
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const g = gesture.current ?? { pointers: new Map(), origin: new Map(), start: { x: item.x, y: item.y, transform: item.transform }, moved: false };
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (g.pointers.size === 1) g.moved = false;
    restart(g);
    gesture.current = g;
    // The touched item comes to the front (its stacking, not its place in the page).
    dispatchStory({ type: 'stickerReorder', id: item.id });
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const g = gesture.current;
    const rect = frameRect();
    if (!g || !rect || !g.pointers.has(event.pointerId)) return;
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const pair = pairOf(g.pointers);
    const pairStart = pairOf(g.origin);
    if (pair && pairStart) {
      g.moved = true;
      const transform = rotated({ ...g.start.transform, scale: (g.start.transform.scale * pair.distance) / pairStart.distance }, pair.angle - pairStart.angle);
      dispatchStory({ type: 'stickerTransform', id: item.id, transform });
      dispatchStory({ type: 'stickerMove', id: item.id, x: g.start.x + (pair.mid.x - pairStart.mid.x) / rect.width, y: g.start.y + (pair.mid.y - pairStart.mid.y) / rect.height, overTrash: false });
      return;
    }
    const from = g.origin.get(event.pointerId);
    if (!from) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (!g.moved && Math.hypot(dx, dy) < TAP_SLOP) return;
    g.moved = true;
    dispatchStory({ type: 'stickerMove', id: item.id, x: g.start.x + dx / rect.width, y: g.start.y + dy / rect.height, overTrash: overTrash(event.clientX, event.clientY) });
  };

  const onPointerEnd = (event: PointerEvent<HTMLButtonElement>) => {
    const g = gesture.current;
    if (!g || !g.pointers.has(event.pointerId)) return;
    g.pointers.delete(event.pointerId);
    if (g.pointers.size > 0) return restart(g);
    gesture.current = null;
    suppressClick.current = g.moved;
    if (g.moved) dispatchStory({ type: 'stickerDrop', id: item.id });
  };

  const tap = () => {
    if (item.kind === 'text') dispatchStory({ type: 'textEdit', id: item.id });
    else dispatchStory({ type: 'stickerToggleVariant', id: item.id });
  };

  const transformBy = (change: (t: Transform) => Transform) => dispatchStory({ type: 'stickerTransform', id: item.id, transform: change(item.transform) });
  const moveBy = (dx: number, dy: number) => {
    dispatchStory({ type: 'stickerMove', id: item.id, x: item.x + dx, y: item.y + dy, overTrash: false });
    dispatchStory({ type: 'stickerDrop', id: item.id });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled) return;
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => moveBy(-step, 0),
      ArrowRight: () => moveBy(step, 0),
      ArrowUp: () => moveBy(0, -step),
      ArrowDown: () => moveBy(0, step),
      '+': () => transformBy((tr) => ({ ...tr, scale: tr.scale * KEY_SCALE })),
      '=': () => transformBy((tr) => ({ ...tr, scale: tr.scale * KEY_SCALE })),
      '-': () => transformBy((tr) => ({ ...tr, scale: tr.scale / KEY_SCALE })),
      '[': () => transformBy((tr) => rotated(tr, -KEY_TURN)),
      ']': () => transformBy((tr) => rotated(tr, KEY_TURN)),
      Delete: () => {
        dispatchStory({ type: 'stickerDelete', id: item.id });
        onRemoved();
      },
      Backspace: () => {
        dispatchStory({ type: 'stickerDelete', id: item.id });
        onRemoved();
      },
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const onWheel = (event: WheelEvent<HTMLButtonElement>) => {
    if (disabled) return;
    if (event.shiftKey) transformBy((tr) => rotated(tr, event.deltaY / 400));
    else transformBy((tr) => ({ ...tr, scale: tr.scale * Math.exp(-event.deltaY / 500) }));
  };

  const angle = angleOf(item.transform);
  return (
    <button
      type="button"
      className={styles.item}
      data-item-id={item.id}
      aria-label={itemLabel(t, item)}
      aria-describedby={hintId}
      disabled={disabled}
      hidden={hidden}
      style={{
        left: item.x * FRAME_WIDTH,
        top: item.y * FRAME_HEIGHT,
        transform: `translate(-50%, -50%) rotate(${angle}rad) scale(${item.transform.scale * (aboveTrash ? 0.6 : 1)})`,
        opacity: aboveTrash ? 0.6 : undefined,
        zIndex: layer,
        ...lookStyle(item),
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onWheel={onWheel}
      onKeyDown={onKeyDown}
      onClick={() => {
        if (suppressClick.current) {
          suppressClick.current = false;
          return;
        }
        tap();
      }}
    >
      {item.kind === 'text' ? item.renderText : stickerLook(item).text}
    </button>
  );
}
