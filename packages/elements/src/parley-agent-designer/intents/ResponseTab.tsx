import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { Flex } from '@adobe/react-spectrum/Flex';
import { Text } from '@adobe/react-spectrum/Text';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import Quill from 'quill';
import { useEffect, useRef, useState } from 'react';
import { IntentMessages } from '@parley/sdk/contract/nlp-intents';
import { renderMarkdown } from '../../markdown/safe-markdown.js';
import QUILL_SNOW_CSS from '../../vendor/quill-snow.css?inline';
import { useDesigner } from '../designer-context.js';
import { ensureStyles } from '../../internal/styles.js';
import { deltaToMarkdown, type DeltaOp } from './quill-markdown.js';
import type { Draft } from './intent-draft.js';

/** The toolbar of agent-designer 2: bold, italic, underline, strikethrough, ordered and unordered lists. */
const TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
];

function Markdown({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.replaceChildren(renderMarkdown(text));
  }, [text]);
  return <div ref={ref} className="pad-markdown" />;
}

/** The Response tab: a rich-text editor stored as markdown, and the saved responses as rendered previews. */
export function ResponseTab({ draft, update }: { draft: Draft; update(change: (d: Draft) => Draft): void }) {
  const { toast, confirm, canEdit } = useDesigner();
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const commitRef = useRef<() => void>(() => undefined);

  commitRef.current = () => {
    const editor = quill.current;
    if (!editor) return;
    const markdown = deltaToMarkdown(editor.getContents().ops as DeltaOp[]);
    if (!markdown.trim()) return setError(IntentMessages.emptyResponse);
    update((d) => {
      const responses = [...d.responses];
      if (editing === null) responses.push({ response: markdown });
      else responses[editing] = { response: markdown };
      return { ...d, responses };
    });
    editor.setContents([]);
    setEditing(null);
    setError(undefined);
  };

  useEffect(() => {
    const box = host.current;
    if (!canEdit || !box) return;
    ensureStyles('quill-snow', QUILL_SNOW_CSS);
    const mount = document.createElement('div');
    box.replaceChildren(mount);
    const editor = new Quill(mount, { theme: 'snow', modules: { toolbar: TOOLBAR }, placeholder: 'Type the response. Press Ctrl + Enter to add' });
    editor.root.setAttribute('aria-label', 'Response');
    editor.root.setAttribute('role', 'textbox');
    editor.root.setAttribute('aria-multiline', 'true');
    editor.root.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          e.stopPropagation();
          commitRef.current();
        }
      },
      true,
    );
    editor.on('text-change', () => setError(undefined));
    quill.current = editor;
    return () => {
      quill.current = null;
      box.replaceChildren();
    };
  }, [canEdit]);

  const edit = (i: number) => {
    const editor = quill.current;
    const text = draft.responses[i]?.response;
    if (!editor || text === undefined) return;
    const html = document.createElement('div');
    html.append(renderMarkdown(text));
    editor.setContents(editor.clipboard.convert({ html: html.innerHTML }));
    editor.focus();
    setEditing(i);
  };
  const remove = async (i: number) => {
    if (!(await confirm({ title: 'Delete response', message: 'Delete this response?' }))) return;
    update((d) => ({ ...d, responses: d.responses.filter((_, j) => j !== i) }));
    if (editing === i) {
      setEditing(null);
      quill.current?.setContents([]);
    }
    toast('Deleted the response succesfully', 'success');
  };

  return (
    <div className="pad-responses">
      {canEdit && (
        <>
          <div ref={host} className="pad-quill" data-invalid={error ? true : undefined} />
          <Flex alignItems="center" gap="size-100" marginTop="size-100">
            {error ? <Text UNSAFE_className="pad-error">{error}</Text> : <Text UNSAFE_className="pad-muted pad-small">Press Ctrl + Enter to add</Text>}
            <div className="pad-grow" />
            {editing !== null && (
              <Button
                variant="secondary"
                onPress={() => {
                  setEditing(null);
                  quill.current?.setContents([]);
                }}
              >
                Cancel edit
              </Button>
            )}
            <Button variant="secondary" onPress={() => commitRef.current()}>
              {editing === null ? 'Add response' : 'Update response'}
            </Button>
          </Flex>
        </>
      )}
      <ul className="pad-response-list" aria-label="Responses">
        {draft.responses.map((r, i) => (
          <li key={`${i}-${r.response}`} className="pad-response" data-editing={editing === i || undefined}>
            <Markdown text={r.response} />
            {canEdit && (
              <div className="pad-response-actions">
                <ActionButton isQuiet aria-label={`Edit response ${i + 1}`} onPress={() => edit(i)}>
                  <Edit />
                </ActionButton>
                <ActionButton isQuiet aria-label={`Delete response ${i + 1}`} onPress={() => void remove(i)}>
                  <Delete />
                </ActionButton>
              </div>
            )}
          </li>
        ))}
        {!draft.responses.length && <li className="pad-empty">No response yet: the agent answers this intent with what you add here.</li>}
      </ul>
    </div>
  );
}
