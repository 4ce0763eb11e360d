import { useRef } from 'react';
import type { DraftPhrase } from './intent-draft.js';

export interface PhraseSelection {
  index: number;
  start: number;
  end: number;
  text: string;
}

/** Character offset of a DOM point inside `root`'s text. */
function offsetIn(root: HTMLElement, node: Node, offset: number): number {
  const range = document.createRange();
  range.selectNodeContents(root);
  range.setEnd(node, offset);
  return range.toString().length;
}

/**
 * One training phrase, its entity references highlighted. It is a read-only text box that takes a caret, so text can
 * be selected with the mouse or with Shift+arrows; a selection opens the entity picker (agent-designer 2).
 */
export function PhraseText({
  phrase,
  index,
  entityName,
  onSelect,
}: {
  phrase: DraftPhrase;
  index: number;
  entityName(id: string): string;
  onSelect(sel: PhraseSelection): void;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const report = () => {
    const root = ref.current;
    const sel = document.getSelection();
    if (!root || !sel || sel.rangeCount === 0 || sel.isCollapsed) return;
    const range = sel.getRangeAt(0);
    if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return;
    let start = offsetIn(root, range.startContainer, range.startOffset);
    let end = offsetIn(root, range.endContainer, range.endOffset);
    const text = phrase.utterance;
    // A selection is taken as whole words without surrounding spaces, as a user means it.
    while (start < end && /\s/.test(text[start] ?? '')) start++;
    while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
    if (end <= start) return;
    onSelect({ index, start, end, text: text.slice(start, end) });
  };

  const refs = [...phrase.entityRefs].sort((a, b) => a.entityStartPos - b.entityStartPos);
  const pieces: { text: string; entity?: string }[] = [];
  let at = 0;
  for (const r of refs) {
    if (r.entityStartPos < at) continue;
    if (r.entityStartPos > at) pieces.push({ text: phrase.utterance.slice(at, r.entityStartPos) });
    pieces.push({ text: phrase.utterance.slice(r.entityStartPos, r.entityEndPos), entity: entityName(r.entityId) });
    at = r.entityEndPos;
  }
  if (at < phrase.utterance.length) pieces.push({ text: phrase.utterance.slice(at) });

  return (
    <span
      ref={ref}
      className="pad-phrase-text"
      role="textbox"
      aria-readonly="true"
      aria-label={`Training phrase: ${phrase.utterance}. Select words to mark an entity.`}
      contentEditable
      suppressContentEditableWarning
      spellCheck={false}
      onBeforeInput={(e) => e.preventDefault()}
      onPaste={(e) => e.preventDefault()}
      onDrop={(e) => e.preventDefault()}
      onKeyDown={(e) => {
        // Moving and selecting keys only: the phrase is changed through Edit, never typed into here.
        const allowed = e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key === 'Tab' || e.key === 'Shift' || e.ctrlKey || e.metaKey;
        if (!allowed) e.preventDefault();
        if (e.key === 'Enter') report();
      }}
      onMouseUp={report}
      onKeyUp={(e) => e.shiftKey && report()}
    >
      {pieces.map((p, i) =>
        p.entity ? (
          <mark key={i} className="pad-phrase-entity" title={`@${p.entity}`}>
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  );
}
