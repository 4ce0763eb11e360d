import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useChatStore } from '../../stores/chat-store.js';
import type { CountItem } from './chat-counts.js';
import { CountList } from './CountList.js';
import { clampPosition, nudge, parsePosition, type Point } from './drag-bounds.js';

const POSITION_KEY = 'parley.chat.box.position';
/** Where the box starts, from the bottom-right corner: clear of the toasts, which sit at the bottom right. */
const START_OFFSET = { right: 24, bottom: 120 };

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * The draggable floating box of platform-shell 2.11: the same counts as the dropdown, dragged by its handle with the
 * mouse or moved with the arrow keys on it, kept where it was left (localStorage) and inside the window.
 */
export function FloatingChatBox({ items, total, onChoose }: { items: CountItem[]; total: number; onChoose(item: CountItem): void }) {
  const collapsed = useChatStore((s) => s.boxCollapsed);
  const setBox = useChatStore((s) => s.setBox);
  const ref = useRef<HTMLElement>(null);
  const drag = useRef<{ pointer: Point; from: Point } | null>(null);
  const [at, setAt] = useState<Point | null>(() => parsePosition(localStorage.getItem(POSITION_KEY)));

  const size = () => ({ width: ref.current?.offsetWidth ?? 220, height: ref.current?.offsetHeight ?? 200 });
  const place = useCallback((next: Point, persist: boolean) => {
    const box = { width: ref.current?.offsetWidth ?? 220, height: ref.current?.offsetHeight ?? 200 };
    const clamped = clampPosition(next, box, viewport());
    setAt(clamped);
    if (persist) localStorage.setItem(POSITION_KEY, JSON.stringify(clamped));
  }, []);

  // First paint without a stored place: the bottom-right corner, once the box's size is known.
  useEffect(() => {
    if (!at && ref.current)
      place(
        { x: window.innerWidth - ref.current.offsetWidth - START_OFFSET.right, y: window.innerHeight - ref.current.offsetHeight - START_OFFSET.bottom },
        false,
      );
  }, [at, place]);
  // A smaller window, or a box grown by expanding, stays reachable.
  useEffect(() => {
    const keepInside = () => setAt((current) => (current ? clampPosition(current, size(), viewport()) : current));
    keepInside();
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, [collapsed]);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (!at || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { pointer: { x: e.clientX, y: e.clientY }, from: at };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (d) place({ x: d.from.x + e.clientX - d.pointer.x, y: d.from.y + e.clientY - d.pointer.y }, false);
  };
  const onPointerUp = () => {
    if (!drag.current || !at) return;
    drag.current = null;
    place(at, true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = at && nudge(at, e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    place(next, true);
  };

  return (
    <aside
      ref={ref}
      className="chat-box"
      aria-label="Live chat counts"
      data-collapsed={collapsed}
      style={at ? { left: at.x, top: at.y } : { visibility: 'hidden' }}
    >
      <div className="chat-box-header">
        <button
          type="button"
          className="chat-box-handle"
          aria-describedby="chat-box-hint"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          <span aria-hidden className="chat-box-grip">
            ⠿
          </span>
          {/* The visible words start the name (WCAG 2.5.3, label in name); the rest says what the handle does. */}
          <span className="chat-box-title">
            Live chats<span className="visually-hidden"> (move the box)</span>
          </span>
          <span className="chat-badge" data-blink={total > 0} aria-hidden>
            {total}
          </span>
        </button>
        <span id="chat-box-hint" hidden>
          Arrow keys move the box; with Shift, further.
        </span>
        <button
          type="button"
          className="chat-box-icon"
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Expand the chat counts' : 'Collapse the chat counts'}
          onClick={() => setBox({ boxCollapsed: !collapsed })}
        >
          <span aria-hidden>{collapsed ? '▴' : '▾'}</span>
        </button>
        <button type="button" className="chat-box-icon" aria-label="Hide the chat counts box" onClick={() => setBox({ boxShown: false })}>
          <span aria-hidden>×</span>
        </button>
      </div>
      {!collapsed && <CountList items={items} onChoose={onChoose} />}
    </aside>
  );
}
