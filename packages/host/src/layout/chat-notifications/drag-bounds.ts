export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** Pixels an arrow key moves the box; with Shift, ten times as far. */
export const KEY_STEP = 16;
/** The gap kept between the box and the window's edges, so its handle is always reachable. */
export const EDGE_GAP = 8;

/** The box's top-left corner kept inside the window (a smaller window after a resize pulls it back in). */
export function clampPosition(at: Point, box: Size, viewport: Size): Point {
  const maxX = Math.max(EDGE_GAP, viewport.width - box.width - EDGE_GAP);
  const maxY = Math.max(EDGE_GAP, viewport.height - box.height - EDGE_GAP);
  return { x: Math.round(Math.min(Math.max(at.x, EDGE_GAP), maxX)), y: Math.round(Math.min(Math.max(at.y, EDGE_GAP), maxY)) };
}

/** Where an arrow key on the handle moves the box, or null for any other key. */
export function nudge(at: Point, key: string, shift: boolean): Point | null {
  const step = shift ? KEY_STEP * 10 : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { x: at.x - step, y: at.y };
    case 'ArrowRight':
      return { x: at.x + step, y: at.y };
    case 'ArrowUp':
      return { x: at.x, y: at.y - step };
    case 'ArrowDown':
      return { x: at.x, y: at.y + step };
    default:
      return null;
  }
}

/** A stored position, or null when missing or not two numbers (an older or hand-edited value). */
export function parsePosition(stored: string | null): Point | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<Point>;
    return Number.isFinite(value.x) && Number.isFinite(value.y) ? { x: value.x!, y: value.y! } : null;
  } catch {
    return null;
  }
}
