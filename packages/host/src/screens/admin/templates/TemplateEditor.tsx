import { ActionButton, Button, Item, Picker, Radio, RadioGroup, TextField } from '@adobe/react-spectrum';
import ChevronLeft from '@spectrum-icons/workflow/ChevronLeft';
import { useEffect, useMemo, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { TemplatePreview } from '@parley/elements/template-preview/template-preview';
import {
  CATEGORY_LABELS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_KINDS,
  TemplateMessages,
  type TemplateCategory,
  type TemplateKind,
  type TemplateStatus,
} from '@parley/sdk/contract/template-texts';
import { ParleyError } from '@parley/sdk/parley-error';
import { api } from '../../../stores/session-store.js';
import { toast } from '../../../stores/toast-store.js';
import { CarouselFields } from './CarouselFields.js';
import { DefaultFields } from './DefaultFields.js';
import { EditorContext } from './editor-context.js';
import { OfferFields } from './OfferFields.js';
import { StatusBadge } from './StatusBadge.js';
import { checkTemplate, nameError, placedFields, type FieldErrors } from './template-checks.js';
import { emptyForm, toComponents, type TemplateForm } from './template-form.js';
import { KIND_LABELS, LANGUAGES } from './template-names.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { useWhatsAppChannels } from './use-whatsapp-channels.js';

/** The server's words for a refused form (templates.ts `invalidMessage`), heading the errors not shown beside a field. */
const SAVE_FAILED = 'Save Failed. Please check for errors in fields';
const CATEGORIES = TEMPLATE_CATEGORIES.map((id) => ({ id, name: CATEGORY_LABELS[id] }));

interface EditorProps {
  onDone(): void;
  /** The read-only view of a saved template. */
  view?: { form: TemplateForm; channelName: string; status: TemplateStatus; rejectedReason: string | null };
}

const fieldErrorsOf = (error: ParleyError): FieldErrors => Object.fromEntries(error.errors.map((e) => [e.field, e.message]));

/**
 * Create Template (and a saved one's read-only view): the form on the left, the WhatsApp preview beside it updating as
 * the user types. Save checks the spec's limits first, in the server's words; the server's own refusals land beside
 * the part they name, the rest in a list above Save.
 */
export function TemplateEditor({ onDone, view }: EditorProps) {
  const readOnly = Boolean(view);
  const channels = useWhatsAppChannels();
  const [form, setForm] = useState<TemplateForm>(() => view?.form ?? emptyForm());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const update = (patch: Partial<TemplateForm>) => setForm((f) => ({ ...f, ...patch }));

  // A new template starts on the first channel it can be made for.
  useEffect(() => {
    if (!readOnly && channels?.[0]) setForm((f) => (f.channelId ? f : { ...f, channelId: channels[0]!.channelId }));
  }, [channels, readOnly]);

  const components = useMemo(() => toComponents(form), [form]);
  const errors = useMemo(() => ({ ...serverErrors, ...(attempted ? checkTemplate(form, components) : {}) }), [attempted, form, components, serverErrors]);
  const unplaced = useMemo(() => {
    const placed = placedFields(form);
    return Object.entries(errors).filter(([field]) => !placed.has(field));
  }, [errors, form]);

  const save = async () => {
    setAttempted(true);
    setServerErrors({});
    if (Object.keys(checkTemplate(form, components)).length) {
      toast(SAVE_FAILED, 'error');
      return;
    }
    setSaving(true);
    try {
      await firstValueFrom(api.templates.create({ channelId: form.channelId, name: form.name, language: form.language, category: form.category, components }));
      toast(TemplateMessages.submitted, 'success');
      onDone();
    } catch (error) {
      if (error instanceof ParleyError && error.errors.length) setServerErrors(fieldErrorsOf(error));
      else if (error instanceof ParleyError) setServerErrors({ form: error.message });
      showRefusal(error);
    } finally {
      setSaving(false);
    }
  };

  // The name is checked as it is typed: its rule is easy to break and easy to explain.
  const nameProblem = errors.name ?? (form.name ? nameError(form.name) : undefined);
  const invalid = (field: string, message = errors[field]) => (message ? { validationState: 'invalid' as const, errorMessage: message } : {});

  return (
    <EditorContext.Provider value={{ readOnly, errors }}>
      <section className="tpl-page" aria-labelledby="tpl-editor-title">
        <header className="tpl-page-header">
          <ActionButton isQuiet aria-label="Back to templates" onPress={onDone}>
            <ChevronLeft />
          </ActionButton>
          <h1 id="tpl-editor-title">{view ? form.name : 'Create Template'}</h1>
          {view && <StatusBadge status={view.status} reason={view.rejectedReason} />}
        </header>
        <div className="tpl-editor">
          <form
            className="tpl-form"
            aria-label={view ? 'Template' : 'New template'}
            onSubmit={(e) => {
              e.preventDefault();
              if (!readOnly) void save();
            }}
          >
            <div className="tpl-box">
              <h2>Template</h2>
              <div className="tpl-grid">
                {view ? (
                  <TextField label="Channel" value={view.channelName} isReadOnly width="100%" />
                ) : (
                  <Picker
                    label="Channel"
                    items={channels ?? []}
                    selectedKey={form.channelId || null}
                    onSelectionChange={(key) => update({ channelId: String(key ?? '') })}
                    isLoading={channels === null}
                    placeholder={channels?.length === 0 ? 'No WhatsApp Cloud API channel' : 'Select a channel'}
                    width="100%"
                    {...invalid('channelId')}
                  >
                    {(c) => <Item key={c.channelId}>{c.name}</Item>}
                  </Picker>
                )}
                <TextField
                  label="Name"
                  value={form.name}
                  onChange={(name) => update({ name })}
                  isReadOnly={readOnly}
                  placeholder="order_update"
                  description="Lowercase letters, numbers and underscores."
                  width="100%"
                  {...invalid('name', nameProblem)}
                />
                <Picker
                  label="Language"
                  items={LANGUAGES}
                  selectedKey={form.language}
                  onSelectionChange={(key) => update({ language: String(key) })}
                  isDisabled={readOnly}
                  width="100%"
                  {...invalid('language')}
                >
                  {(l) => <Item key={l.id}>{l.name}</Item>}
                </Picker>
                <Picker
                  label="Category"
                  items={CATEGORIES}
                  selectedKey={form.category || null}
                  onSelectionChange={(key) => update({ category: (key ?? '') as TemplateCategory })}
                  placeholder="Select a category"
                  isDisabled={readOnly}
                  width="100%"
                  {...invalid('category')}
                >
                  {(c) => <Item key={c.id}>{c.name}</Item>}
                </Picker>
              </div>
              <RadioGroup
                label="Kind"
                orientation="horizontal"
                value={form.kind}
                onChange={(kind) => update({ kind: kind as TemplateKind })}
                isReadOnly={readOnly}
              >
                {TEMPLATE_KINDS.map((kind) => (
                  <Radio key={kind} value={kind}>
                    {KIND_LABELS[kind]}
                  </Radio>
                ))}
              </RadioGroup>
            </div>
            <div className="tpl-box">
              <h2>Content</h2>
              {form.kind === 'DEFAULT' && <DefaultFields form={form} update={update} />}
              {form.kind === 'LIMITED_TIME_OFFER' && <OfferFields form={form} update={update} />}
              {form.kind === 'CAROUSEL' && <CarouselFields form={form} update={update} />}
            </div>
            {unplaced.length > 0 && (
              <div className="tpl-error-list" role="alert">
                <strong>{SAVE_FAILED}</strong>
                <ul>
                  {unplaced.map(([field, message]) => (
                    <li key={field}>{message}</li>
                  ))}
                </ul>
              </div>
            )}
            {!readOnly && (
              <div className="tpl-actions">
                <Button variant="secondary" onPress={onDone}>
                  Cancel
                </Button>
                <Button variant="accent" type="submit" isPending={saving}>
                  Save
                </Button>
              </div>
            )}
          </form>
          <aside className="tpl-preview-pane" aria-label="Preview">
            <h2>Preview</h2>
            <TemplatePreview components={components} />
          </aside>
        </div>
      </section>
    </EditorContext.Provider>
  );
}
