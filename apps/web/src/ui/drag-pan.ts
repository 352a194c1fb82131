import { useRef, type PointerEvent } from 'react';

/**
 * Dragging a crop stage with a mouse, a finger or a pen, reported as moves in screen pixels; the
 * stage turns them into its own units. The pointer is captured, so a drag that leaves the stage
 * still moves it.
 */
export function useDragPan(onMove: (dx: number, dy: number, stage: HTMLElement) => void) {
  const last = useRef<{ x: number; y: number } | null>(null);
  const end = () => {
    last.current = null;
  };
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      last.current = { x: event.clientX, y: event.clientY };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (!last.current) return;
      const dx = event.clientX - last.current.x;
      const dy = event.clientY - last.current.y;
      last.current = { x: event.clientX, y: event.clientY };
      onMove(dx, dy, event.currentTarget);
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}

/** An arrow key as a move of `step` (the keyboard's way to pan); null for any other key. */
export function arrowMove(key: string, step: number): [number, number] | null {
  const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  return moves[key] ?? null;
}
