import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Switch } from '@adobe/react-spectrum/Switch';
import { TextField } from '@adobe/react-spectrum/TextField';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import type { WebsiteCrawlReport } from '@parley/sdk/contract/nlp-genai';
import { CrawlReport } from './CrawlReport.js';
import type { GenAiForm } from './gen-ai-form-model.js';

export interface WebsiteSectionProps {
  form: GenAiForm;
  canEdit: boolean;
  error?: string;
  lastCrawl: WebsiteCrawlReport | null;
  onToggle(on: boolean): void;
  onType(value: string): void;
  onCommit(): void;
  onEdit(index: number): void;
  onRemove(index: number): void;
}

/** "Get knowledge base from Website" (agent-designer 4): the switch, the Website Url field and the listed URLs. */
export function WebsiteSection({ form, canEdit, error, lastCrawl, onToggle, onType, onCommit, onEdit, onRemove }: WebsiteSectionProps) {
  const active = form.kbFromWebsite && canEdit;
  const commitLabel = form.editing === null ? 'Add website' : 'Save website';
  return (
    <div className="pad-cfg-section">
      <Switch isEmphasized isSelected={form.kbFromWebsite} isReadOnly={!canEdit} onChange={onToggle}>
        Get knowledge base from Website
      </Switch>
      {canEdit && (
        <div className="pad-cfg-row pad-cfg-row-top">
          <TextField
            label="Website Url"
            type="url"
            value={form.urlInput}
            onChange={onType}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onCommit();
              } else e.continuePropagation();
            }}
            isDisabled={!active}
            maxLength={2000}
            validationState={form.urlError ? 'invalid' : undefined}
            errorMessage={form.urlError}
            UNSAFE_className="pad-cfg-grow"
            width="100%"
          />
          <TooltipTrigger>
            <ActionButton aria-label={commitLabel} onPress={onCommit} isDisabled={!active} UNSAFE_className="pad-cfg-beside-field">
              <Add />
            </ActionButton>
            <Tooltip>{commitLabel}</Tooltip>
          </TooltipTrigger>
        </div>
      )}
      {form.urls.length > 0 && (
        <ul className="pad-cfg-list" aria-label="Websites">
          {form.urls.map((url, i) => (
            <li key={url} data-editing={form.editing === i || undefined}>
              <span className="pad-cfg-name" title={url}>
                {url}
              </span>
              {canEdit && (
                <>
                  <ActionButton isQuiet aria-label={`Edit ${url}`} onPress={() => onEdit(i)} isDisabled={!active}>
                    <Edit />
                  </ActionButton>
                  <ActionButton isQuiet aria-label={`Remove ${url}`} onPress={() => onRemove(i)}>
                    <Delete />
                  </ActionButton>
                </>
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
      {form.kbFromWebsite && lastCrawl && <CrawlReport report={lastCrawl} />}
    </div>
  );
}
