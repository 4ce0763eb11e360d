import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { FileTrigger } from '@adobe/react-spectrum/FileTrigger';
import { Switch } from '@adobe/react-spectrum/Switch';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import Delete from '@spectrum-icons/workflow/Delete';
import UploadToCloud from '@spectrum-icons/workflow/UploadToCloud';
import { useRef, useState } from 'react';
import { DocumentMessages, MAX_DOCUMENTS_PER_UPLOAD } from '@parley/sdk/contract/nlp-genai';
import { useDesigner } from '../designer-context.js';
import { asParleyError, messageOf, once } from '../../internal/use-call.js';
import { KnowledgeMessages, acceptPdfs } from './gen-ai-form-model.js';

interface Pending {
  key: number;
  file: File;
}

export interface DocumentSectionProps {
  agentId: string;
  on: boolean;
  uploaded: string[];
  error?: string;
  onToggle(on: boolean): void;
  onUploaded(fileNames: string[]): void;
  onDeleted(fileName: string): void;
}

/**
 * "Get knowledge base from Documents" (agent-designer 4, 8): PDFs chosen wait as Pending until uploaded, one by one or
 * all; uploaded ones are deleted on the server at once. The files waiting are this section's own state: Update never
 * sends them.
 */
export function DocumentSection({ agentId, on, uploaded, error, onToggle, onUploaded, onDeleted }: DocumentSectionProps) {
  const { client, toast, confirm, canEdit } = useDesigner();
  const [pending, setPending] = useState<Pending[]>([]);
  const [uploading, setUploading] = useState<number[] | null>(null);
  const nextKey = useRef(1);
  const active = on && canEdit;

  const choose = (files: FileList | null) => {
    if (!files) return;
    const { accepted, refusals } = acceptPdfs(Array.from(files), [...uploaded, ...pending.map((p) => p.file.name)]);
    for (const message of refusals) toast(message, 'error');
    if (accepted.length) setPending((list) => [...list, ...accepted.map((file) => ({ key: nextKey.current++, file }))]);
  };
  const removePending = async (item: Pending) => {
    // agent-designer 8: a file already on its way to the server is no longer only pending.
    if (uploading?.includes(item.key)) return toast(KnowledgeMessages.deleteRefused, 'error');
    if (!(await confirm({ title: 'Remove file', message: `Remove "${item.file.name}" from the files to upload?`, action: 'Remove' }))) return;
    setPending((list) => list.filter((p) => p.key !== item.key));
    toast(KnowledgeMessages.fileRemoved, 'success');
  };
  const upload = async (items: Pending[]) => {
    if (!items.length || uploading) return;
    setUploading(items.map((p) => p.key));
    try {
      for (let i = 0; i < items.length; i += MAX_DOCUMENTS_PER_UPLOAD) {
        const batch = items.slice(i, i + MAX_DOCUMENTS_PER_UPLOAD);
        const reply = await once(client.nlpGenai.uploadDocuments({ agentId, files: batch.map((p) => p.file) }));
        const done = new Set(batch.map((p) => p.key));
        setPending((list) => list.filter((p) => !done.has(p.key)));
        onUploaded(reply.map((d) => d.fileName));
      }
      toast(DocumentMessages.uploaded, 'success');
    } catch (e) {
      // agent-designer 8: 'File Selection Failed', unless the server said which file and why.
      toast(asParleyError(e).fieldMessage('files') ?? KnowledgeMessages.uploadFailed, 'error');
    } finally {
      setUploading(null);
    }
  };
  const removeUploaded = async (fileName: string) => {
    if (!(await confirm({ title: 'Delete document', message: `Delete the document "${fileName}"? The agent will no longer answer from it.` }))) return;
    try {
      await once(client.nlpGenai.deleteDocuments({ agentId, filenames: [fileName] }));
      onDeleted(fileName);
      toast(DocumentMessages.deleted, 'success');
    } catch (e) {
      toast(messageOf(e), 'error');
    }
  };

  return (
    <div className="pad-cfg-section">
      <Switch
        isEmphasized
        isSelected={on}
        isReadOnly={!canEdit}
        onChange={(next) => {
          // agent-designer 4: switching the documents off clears the files not yet uploaded.
          if (!next) setPending([]);
          onToggle(next);
        }}
      >
        Get knowledge base from Documents
      </Switch>
      {canEdit && (
        <div className="pad-cfg-row pad-cfg-row-center">
          <FileTrigger acceptedFileTypes={['application/pdf', '.pdf']} allowsMultiple onSelect={choose}>
            <Button variant="secondary" isDisabled={!active}>
              Choose file
            </Button>
          </FileTrigger>
          <span className="pad-cfg-hint">{KnowledgeMessages.pdfHint}</span>
          {pending.length > 1 && (
            <Button variant="primary" marginStart="auto" onPress={() => void upload(pending)} isPending={uploading !== null} isDisabled={!active}>
              Upload all
            </Button>
          )}
        </div>
      )}
      {pending.length > 0 && (
        <ul className="pad-cfg-list" aria-label="Files to upload">
          {pending.map((item) => (
            <li key={item.key}>
              <span className="pad-cfg-name" title={item.file.name}>
                {item.file.name}
              </span>
              <span className="pad-cfg-badge" data-state="pending">
                Pending
              </span>
              <TooltipTrigger>
                <ActionButton isQuiet aria-label={`Upload ${item.file.name}`} onPress={() => void upload([item])} isDisabled={!active || uploading !== null}>
                  <UploadToCloud />
                </ActionButton>
                <Tooltip>Upload</Tooltip>
              </TooltipTrigger>
              <ActionButton isQuiet aria-label={`Remove ${item.file.name}`} onPress={() => void removePending(item)}>
                <Delete />
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
      {uploaded.length > 0 && (
        <ul className="pad-cfg-list" aria-label="Uploaded documents">
          {uploaded.map((name) => (
            <li key={name}>
              <span className="pad-cfg-name" title={name}>
                {name}
              </span>
              <span className="pad-cfg-badge" data-state="uploaded">
                Uploaded
              </span>
              {canEdit && (
                <ActionButton isQuiet aria-label={`Remove ${name}`} onPress={() => void removeUploaded(name)}>
                  <Delete />
                </ActionButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <div className="pad-cfg-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
