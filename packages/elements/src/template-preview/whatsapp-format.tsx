import { Fragment, type ReactNode } from 'react';

/**
 * WhatsApp's text formatting as React nodes: `*bold*`, `_italic_`, `~strike~`, ```` ```monospace``` ```` and line
 * breaks. Template text is never parsed as HTML: every character ends up in a text node, so `<img onerror>` in a
 * template reads as the characters it is.
 *
 * The markers follow WhatsApp's rules as observed: an opening marker starts the text or follows a space or a
 * punctuation mark and is followed by a non-space; the closing one follows a non-space, ends the text or is followed
 * by a non-letter, and both sit on the same line. Styles nest (`*_both_*`); monospace content is taken literally.
 */

const MARKERS = { '*': 'strong', _: 'em', '~': 's' } as const;
type Marker = keyof typeof MARKERS;
const FENCE = '```';

const isMarker = (c: string | undefined): c is Marker => c !== undefined && c in MARKERS;
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

const PLACEHOLDER = /(\{\{\s*\d+\s*\}\})/;

/** A line's text, with `{{n}}` left unfilled marked so a reader sees where a value goes. */
function placeholders(line: string, key: string): ReactNode[] {
  return line
    .split(PLACEHOLDER)
    .map((part, i) =>
      i % 2 ? (
        <span key={`${key}v${i}`} className="ptp-var">
          {part}
        </span>
      ) : (
        part
      ),
    )
    .filter((n) => n !== '');
}

/** Text with its line breaks as `<br>`, so a host's `white-space` cannot merge lines. */
function lines(text: string, key: string): ReactNode[] {
  return text.split('\n').flatMap((line, i) => [...(i === 0 ? [] : [<br key={`${key}b${i}`} />]), ...placeholders(line, `${key}l${i}`)]);
}

/** Where the marker opened at `open` closes on the same line, or -1. */
function closing(text: string, open: number, marker: Marker): number {
  for (let j = open + 2; j < text.length; j += 1) {
    const c = text[j];
    if (c === '\n') return -1;
    if (c === marker && !isSpace(text[j - 1]) && !isWordChar(text[j + 1])) return j;
  }
  return -1;
}

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const opens = isMarker(c) && !isWordChar(text[i - 1]) && !isSpace(text[i + 1]) && text[i + 1] !== c;
    const end = opens ? closing(text, i, c) : -1;
    if (!opens || end < 0) {
      i += 1;
      continue;
    }
    if (plainFrom < i) out.push(...lines(text.slice(plainFrom, i), `${key}t${plainFrom}`));
    const Tag = MARKERS[c];
    out.push(<Tag key={`${key}m${i}`}>{inline(text.slice(i + 1, end), `${key}m${i}.`)}</Tag>);
    i = end + 1;
    plainFrom = i;
  }
  if (plainFrom < text.length) out.push(...lines(text.slice(plainFrom), `${key}t${plainFrom}`));
  return out;
}

/** The nodes of one WhatsApp text. */
export function formatWhatsApp(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let from = 0;
  while (from < text.length) {
    const open = text.indexOf(FENCE, from);
    const close = open < 0 ? -1 : text.indexOf(FENCE, open + FENCE.length);
    if (open < 0 || close < 0 || close === open + FENCE.length) {
      out.push(...inline(text.slice(from), `i${from}`));
      break;
    }
    if (open > from) out.push(...inline(text.slice(from, open), `i${from}`));
    out.push(<code key={`c${open}`}>{lines(text.slice(open + FENCE.length, close), `c${open}`)}</code>);
    from = close + FENCE.length;
  }
  return out;
}

/** `formatWhatsApp` as a component. */
export function WhatsAppText({ text }: { text: string }) {
  return <Fragment>{formatWhatsApp(text)}</Fragment>;
}
