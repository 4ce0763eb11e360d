import { Button } from '@adobe/react-spectrum/Button';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { useMemo, useReducer, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { BroadcastMessages, type ResourceType } from '@parley/sdk/contract/broadcast-texts';
import type { Artifact } from '@parley/sdk/contract/artifacts';
import type { ToastVariant } from '../internal/toasts.js';
import { asParleyError, messageOf, useLoad } from '../internal/use-call.js';
import { useChildElement } from '../internal/child-elements.js';
import { useDeferredModule } from '../internal/deferred-module.js';
import { ChoiceFields } from './ChoiceFields.js';
import { allSlots, cardMedia, headerMedia, isPdf, kindOfFormat, previewValues, slotsOf, type ChosenMedia, type Mapping } from './form-model.js';
import { NumbersField } from './NumbersField.js';
import { RefusalBox } from './RefusalBox.js';
import type { SenderClient } from './sender-client.js';
import {
  hasErrors,
  initialState,
  refusalOf,
  senderForm,
  stillRefused,
  toRequest,
  validate,
  type FormErrors,
  type FormStart,
  type FormValues,
  type MediaTarget,
} from './sender-form-model.js';
import { SenderTexts } from './sender-texts.js';
import { useExpressionChecks } from './use-expressions.js';
import type { Column } from './VariableMapping.js';

export type { FormStart } from './sender-form-model.js';

const loadTemplateParts = () => import('./template-parts.js');

export interface SenderFormProps {
  client: SenderClient;
  apiBase: string;
  token: string | undefined;
  start: FormStart;
  /** A view: everything shown, nothing editable, no Send. */
  readOnly?: boolean;
  lockChannel?: boolean;
  lockTemplate?: boolean;
  lockNumbers?: boolean;
  resource?: { resourceType?: ResourceType; resourceId?: string };
  toast(message: string, variant?: ToastVariant): void;
  onSent?(id: string, message: string): void;
  onFailed?(message: string): void;
}

const BUILT_IN_COLUMNS: Column[] = [
  { field: 'name', label: 'Name' },
  { field: 'phoneNumber', label: 'Phone Number' },
];

/**
 * The broadcast form (spec 2, 4, 5): channel, template, media, mobile numbers, the variable mapping and the live
 * preview, then Send. Its state is one model (sender-form-model.ts); a successful send is reset by the parent (it
 * mounts a fresh form).
 */
export function SenderForm(props: SenderFormProps) {
  const { client, start, readOnly, toast } = props;
  const [state, dispatch] = useReducer(senderForm, start, initialState);
  const { channel, templateId, numbers, mappings } = state;
  const [sending, setSending] = useState(false);
  const parts = useDeferredModule(loadTemplateParts);

  const vars = useLoad(
    () => (channel && templateId ? client.templates.variables({ channelId: channel.id, templateId }) : null),
    [client, channel?.id, templateId],
    (e) => toast(messageOf(e), 'error'),
  );
  const loaded = channel && templateId ? vars.data : undefined;
  const components = loaded?.template.components;
  const { main, cards } = useMemo(() => slotsOf(loaded), [loaded]);
  const slots = useMemo(() => allSlots(loaded), [loaded]);

  const definitions = useLoad(() => client.definitions.list({}), [client]);
  const columns = useMemo<Column[]>(() => {
    const custom = (definitions.data?.inputFieldDefinitions ?? []).filter((d) => !BUILT_IN_COLUMNS.some((b) => b.field === d.fieldName));
    return [...BUILT_IN_COLUMNS, ...custom.map((d) => ({ field: d.fieldName, label: d.fieldLabel || d.fieldName }))];
  }, [definitions.data]);
  const columnLabel = (field: string) => columns.find((c) => c.field === field)?.label ?? field;

  const expressionValues = useMemo(
    () =>
      slots
        .map((s) => mappings[s.key])
        .filter((m): m is Mapping => m?.type === 'expression')
        .map((m) => m.value.trim()),
    [slots, mappings],
  );
  const expressions = useExpressionChecks(client, expressionValues);

  const headerFormat = headerMedia(components);
  const cardFormats = cardMedia(components);
  const values: FormValues = {
    channelId: channel?.id ?? null,
    templateId: loaded?.template.id ?? null,
    components,
    numbers,
    media: state.media,
    cardMedia: state.cardMedia,
    slots,
    mappings,
    expressions: expressions.results,
  };
  // Messages show after the first Send and follow the form from then on, so a fixed field loses its message.
  const errors: FormErrors | null = state.tried ? validate(values) : null;
  // Compared by value: validate() makes a new array on every render.
  const badSlots = JSON.stringify(errors?.badSlots ?? []);
  const bad = useMemo(() => new Set(JSON.parse(badSlots) as string[]), [badSlots]);

  const childAttributes = { 'api-base': props.apiBase, token: props.token ?? '' };
  const attachments = useChildElement(
    'parley-attachment-dialog',
    childAttributes,
    {
      'parley-attachment-selected': (detail) => void takeArtifact((detail as { artifact: Artifact }).artifact, state.target),
      'parley-close': () => undefined,
    },
    !readOnly,
  );
  const picker = useChildElement(
    'parley-customer-picker',
    childAttributes,
    {
      'parley-customers-selected': (detail) =>
        dispatch({ type: 'picked', numbers: (detail as { customers: { phoneNumber: string }[] }).customers.map((c) => c.phoneNumber) }),
      'parley-close': () => undefined,
    },
    !readOnly && !props.lockNumbers,
  );

  /** A chosen attachment is checked by the server (spec 5) before it is taken; a refusal shows its message. */
  async function takeArtifact(artifact: Artifact, target: MediaTarget) {
    const format = target === 'header' ? headerFormat : cardFormats[target];
    if (!format) return;
    const file: ChosenMedia = {
      id: artifact._id,
      fileName: artifact.data.name,
      type: artifact.data.type,
      url: artifact.data.url ?? '',
      mimeType: artifact.data.mimeType,
    };
    if (format === 'DOCUMENT' && !isPdf(file)) return dispatch({ type: 'issue', target, issue: BroadcastMessages.invalidFileType });
    try {
      const valid = await firstValueFrom(client.artifacts.validateMedia({ id: artifact._id, channelType: 'WHATSAPP', mediaType: kindOfFormat(format) }));
      dispatch({ type: 'file', target, file: { ...file, url: valid.url, mimeType: valid.mimeType } });
      dispatch({ type: 'issue', target, issue: undefined });
    } catch (e) {
      dispatch({ type: 'issue', target, issue: messageOf(e) });
    }
  }
  const openAttachments = (target: MediaTarget) => {
    const format = target === 'header' ? headerFormat : cardFormats[target];
    const node = attachments.current;
    if (!format || !node) return;
    dispatch({ type: 'target', target });
    node.setAttribute('media-type', kindOfFormat(format));
    node.setAttribute('open', '');
  };

  async function send() {
    dispatch({ type: 'send' });
    const checked = await expressions.checkAll();
    const errs = validate({ ...values, expressions: { ...values.expressions, ...checked } });
    if (hasErrors(errs)) return;
    setSending(true);
    try {
      const request = toRequest({ ...values, templateName: loaded!.template.templateId }, props.resource);
      const { id, message } = await client.sendBroadcast(request);
      toast(message || BroadcastMessages.sent, 'success');
      props.onSent?.(id, message || BroadcastMessages.sent);
    } catch (e) {
      const refusal = refusalOf(asParleyError(e), values.numbers);
      dispatch({ type: 'refused', refusal });
      toast(refusal.toast, 'error');
      props.onFailed?.(refusal.toast);
    } finally {
      setSending(false);
    }
  }

  const fileUrl = (m: ChosenMedia | null | undefined) => (m?.url ? client.fileUrl(m.url) : undefined);
  const refused = stillRefused(state);
  const numbersError = errors?.numbers ?? (refused.length ? SenderTexts.invalidNumbers(refused) : undefined);
  const disabled = readOnly || sending;

  return (
    <div className="pbs-layout">
      <form
        className="pbs-form"
        aria-label="Broadcast"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {state.refusal && <RefusalBox refusal={state.refusal} />}
        <ChoiceFields
          client={client}
          channel={channel}
          template={state.template ?? (templateId && loaded ? { id: loaded.template.id, name: loaded.template.name } : null)}
          templateText={loaded?.template.name ?? (vars.loading ? '' : (templateId ?? ''))}
          lockChannel={Boolean(readOnly || props.lockChannel)}
          lockTemplate={Boolean(readOnly || props.lockTemplate)}
          errors={errors}
          onChannel={(c) => dispatch({ type: 'channel', channel: c })}
          onTemplate={(t) => dispatch({ type: 'template', template: t })}
        />
        {/* A template whose parts have not arrived yet shows as still loading: the same spinner, then its fields. */}
        {(vars.loading || !parts) && templateId && channel && <ProgressCircle aria-label="Loading the template" isIndeterminate size="S" />}

        {parts && (
          <parts.MediaFields
            headerFormat={headerFormat}
            cardFormats={cardFormats}
            media={state.media}
            cardMedia={state.cardMedia}
            errors={errors}
            issues={state.mediaIssues}
            isDisabled={disabled}
            onChoose={openAttachments}
            onRemove={(target) => dispatch({ type: 'file', target, file: null })}
          />
        )}

        <NumbersField
          numbers={numbers}
          onChange={(text) => dispatch({ type: 'numbers', numbers: text })}
          refused={refused}
          error={numbersError}
          readOnly={readOnly}
          locked={props.lockNumbers}
          isDisabled={disabled}
          onPick={!readOnly && !props.lockNumbers ? () => picker.current?.setAttribute('open', '') : undefined}
        />

        {parts && (
          <parts.VariableMapping
            main={main}
            cards={cards}
            mappings={mappings}
            onChange={(key, m) => dispatch({ type: 'mapping', key, mapping: m })}
            columns={columns}
            expressions={expressions.results}
            bad={bad}
            error={errors?.mapping}
            isDisabled={disabled}
          />
        )}

        {!readOnly && (
          <div className="pbs-actions">
            <Button variant="accent" type="submit" isPending={sending}>
              Send
            </Button>
          </div>
        )}
      </form>
      <aside className="pbs-preview" aria-label="Preview">
        {components && parts ? (
          <parts.TemplatePreview
            components={components}
            values={previewValues(slots, mappings, columnLabel)}
            mediaUrl={fileUrl(state.media)}
            cardMediaUrls={cardFormats.map((_, i) => fileUrl(state.cardMedia[i]))}
          />
        ) : components ? null : (
          <p className="pbs-muted pbs-preview-empty">Choose a template to see its preview</p>
        )}
      </aside>
    </div>
  );
}
