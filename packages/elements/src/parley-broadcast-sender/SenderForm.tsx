import { Button } from '@adobe/react-spectrum/Button';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { Item, TagGroup } from '@adobe/react-spectrum/TagGroup';
import { TextArea } from '@adobe/react-spectrum/TextArea';
import { useMemo, useState } from 'react';
import { firstValueFrom, map, of } from 'rxjs';
import { BroadcastMessages, BroadcastPageSizes, type ResourceType } from '@parley/sdk/contract/broadcast-texts';
import { ChannelTypes, WHATSAPP_CLOUD_VENDOR } from '@parley/sdk/contract/channel-texts';
import { TemplatePageSizes } from '@parley/sdk/contract/template-texts';
import type { Artifact } from '@parley/sdk/contract/artifacts';
import type { ToastVariant } from '../internal/toasts.js';
import { asParleyError, messageOf, useLoad } from '../internal/use-call.js';
import { TemplatePreview } from '../template-preview/template-preview.js';
import { useChildElement } from '../internal/child-elements.js';
import {
  allSlots,
  appendNumbers,
  cardMedia,
  hasErrors,
  headerMedia,
  isPdf,
  kindOfFormat,
  previewValues,
  refusedNumbers,
  removeNumbers,
  slotsOf,
  splitNumbers,
  toRequest,
  validate,
  type ChosenMedia,
  type FormErrors,
  type FormValues,
  type Mapping,
} from './form-model.js';
import { MediaField } from './MediaField.js';
import { FixedChoice, SearchCombo, type Option } from './SearchCombo.js';
import type { SenderClient } from './sender-client.js';
import { SenderTexts } from './sender-texts.js';
import { useExpressionChecks } from './use-expressions.js';
import { VariableMapping, type Column } from './VariableMapping.js';

/** A channel as the form knows it: its vendor when it came from the list (a preset or a view's has none). */
export interface ChannelOption extends Option {
  vendor?: number;
}

/** Only WhatsApp Cloud API channels send templates (the send route refuses the rest). */
const cannotSend = (channel: ChannelOption | null | undefined) => channel?.vendor !== undefined && channel.vendor !== WHATSAPP_CLOUD_VENDOR;

/** What a view shows, or a test mode fixes, before the user touches anything. */
export interface FormStart {
  channel?: ChannelOption;
  /** Our id or the template's name (the variables call takes either). */
  templateId?: string;
  numbers?: string;
  media?: ChosenMedia | null;
  cardMedia?: (ChosenMedia | null)[];
  mappings?: Record<string, Mapping>;
}

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

/** Which media the attachment dialog is choosing: the header's, or a card's (from 0). */
type MediaTarget = 'header' | number;

/**
 * The broadcast form (spec 2, 4, 5): channel, template, media, mobile numbers, the variable mapping and the live
 * preview, then Send. A successful send is reset by the parent (it mounts a fresh form).
 */
export function SenderForm(props: SenderFormProps) {
  const { client, start, readOnly, toast } = props;
  const [channel, setChannel] = useState<ChannelOption | null>(start.channel ?? null);
  const [templateId, setTemplateId] = useState<string | null>(start.templateId ?? null);
  // The template as chosen, so its box shows the choice at once rather than when its variables have loaded.
  const [template, setTemplate] = useState<Option | null>(null);
  const [numbers, setNumbers] = useState(start.numbers ?? '');
  const [media, setMedia] = useState<ChosenMedia | null>(start.media ?? null);
  const [cardFiles, setCardFiles] = useState<(ChosenMedia | null)[]>(start.cardMedia ?? []);
  const [mappings, setMappings] = useState<Record<string, Mapping>>(start.mappings ?? {});
  const [mediaIssues, setMediaIssues] = useState<Partial<Record<string, string>>>({});
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; errors: string[]; numbers: string[] } | null>(null);
  const [target, setTarget] = useState<MediaTarget>('header');

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
    () => slots.map((s) => mappings[s.key]).filter((m): m is Mapping => m?.type === 'expression').map((m) => m.value.trim()),
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
    media,
    cardMedia: cardFiles,
    slots,
    mappings,
    expressions: expressions.results,
  };
  // Messages show after the first Send and follow the form from then on, so a fixed field loses its message.
  const errors: FormErrors | null = tried ? validate(values) : null;
  // Compared by value: validate() makes a new array on every render.
  const badSlots = JSON.stringify(errors?.badSlots ?? []);
  const bad = useMemo(() => new Set(JSON.parse(badSlots) as string[]), [badSlots]);

  const chooseTemplate = (option: Option | null) => {
    // Spec 4: choosing a template resets media and attachments and loads its variables and components.
    setTemplateId(option?.id ?? null);
    setTemplate(option);
    setMedia(null);
    setCardFiles([]);
    setMappings({});
    setMediaIssues({});
  };
  const chooseChannel = (option: ChannelOption | null) => {
    if (option?.id === channel?.id) return;
    setChannel(option);
    chooseTemplate(null);
  };

  const childAttributes = { 'api-base': props.apiBase, token: props.token ?? '' };
  const attachments = useChildElement(
    'parley-attachment-dialog',
    childAttributes,
    {
      'parley-attachment-selected': (detail) => void takeArtifact((detail as { artifact: Artifact }).artifact, target),
      'parley-close': () => undefined,
    },
    !readOnly,
  );
  const picker = useChildElement(
    'parley-customer-picker',
    childAttributes,
    {
      'parley-customers-selected': (detail) =>
        setNumbers((text) => appendNumbers(text, (detail as { customers: { phoneNumber: string }[] }).customers.map((c) => c.phoneNumber))),
      'parley-close': () => undefined,
    },
    !readOnly && !props.lockNumbers,
  );

  const issueKey = (t: MediaTarget) => (t === 'header' ? 'header' : `card-${t}`);
  const setFile = (t: MediaTarget, file: ChosenMedia | null) => {
    if (t === 'header') setMedia(file);
    else
      setCardFiles((list) => {
        const next = [...list];
        next[t] = file;
        return next;
      });
  };
  /** A chosen attachment is checked by the server (spec 5) before it is taken; a refusal shows its message. */
  async function takeArtifact(artifact: Artifact, t: MediaTarget) {
    const format = t === 'header' ? headerFormat : cardFormats[t];
    if (!format) return;
    const kind = kindOfFormat(format);
    const key = issueKey(t);
    const file: ChosenMedia = { id: artifact._id, fileName: artifact.data.name, type: artifact.data.type, url: artifact.data.url ?? '', mimeType: artifact.data.mimeType };
    if (format === 'DOCUMENT' && !isPdf(file)) {
      setMediaIssues((m) => ({ ...m, [key]: BroadcastMessages.invalidFileType }));
      return;
    }
    try {
      const valid = await firstValueFrom(client.artifacts.validateMedia({ id: artifact._id, channelType: 'WHATSAPP', mediaType: kind }));
      setFile(t, { ...file, url: valid.url, mimeType: valid.mimeType });
      setMediaIssues((m) => ({ ...m, [key]: undefined }));
    } catch (e) {
      setMediaIssues((m) => ({ ...m, [key]: messageOf(e) }));
    }
  }
  const openAttachments = (t: MediaTarget) => {
    const format = t === 'header' ? headerFormat : cardFormats[t];
    const node = attachments.current;
    if (!format || !node) return;
    setTarget(t);
    node.setAttribute('media-type', kindOfFormat(format));
    node.setAttribute('open', '');
  };

  async function send() {
    setTried(true);
    setRefusal(null);
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
      // The box shows the server's message over its field errors; the toast and the close event carry the most
      // specific of them (the first field error, else the message).
      const error = asParleyError(e);
      // Refused numbers are named (the server gives only their places), in one line rather than one per number.
      const refused = refusedNumbers(splitNumbers(values.numbers), error.errors);
      const others = error.errors.filter((x) => !/^phoneNumber\.\d+$/.test(x.field ?? ''));
      const message = refused.length ? SenderTexts.invalidNumbers(refused) : messageOf(error);
      const heading = refused.length && !others.length ? message : error.message;
      const lines = [...(refused.length && others.length ? [message] : []), ...new Set(others.map((x) => x.message))].filter((m) => m !== heading);
      setRefusal({ message: heading, errors: lines, numbers: refused });
      toast(message, 'error');
      props.onFailed?.(message);
    } finally {
      setSending(false);
    }
  }

  const fileUrl = (m: ChosenMedia | null | undefined) => (m?.url ? client.fileUrl(m.url) : undefined);
  // A refused number stays marked while it is in the box; one corrected or removed drops out.
  const typed = splitNumbers(numbers);
  const refused = (refusal?.numbers ?? []).filter((n) => typed.includes(n));
  const numbersError = errors?.numbers ?? (refused.length ? SenderTexts.invalidNumbers(refused) : undefined);
  const preview = previewValues(slots, mappings, columnLabel);
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
        {refusal && (
          <div className="pbs-refusal" role="alert">
            <strong>{refusal.message}</strong>
            {refusal.errors.length > 0 && (
              <ul>
                {refusal.errors.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="pbs-row">
          {readOnly || props.lockChannel ? (
            <FixedChoice label="Channel" value={channel?.name ?? ''} />
          ) : (
            <SearchCombo<ChannelOption>
              label="Channel"
              pageSize={BroadcastPageSizes.channels}
              loadPage={(from, name) =>
                client.channels
                  .list({ from, perPage: BroadcastPageSizes.channels, name, type: ChannelTypes.WhatsApp })
                  .pipe(map((r) => ({ items: r.channels.map((c) => ({ id: c.channelId, name: c.name, vendor: c.vendor })), more: r.more })))
              }
              selected={channel}
              onSelect={chooseChannel}
              describe={(c) => (cannotSend(c) ? SenderTexts.vendorCannotSendShort : undefined)}
              error={errors?.channel}
            />
          )}
          {readOnly || props.lockTemplate ? (
            <FixedChoice label="Template" value={loaded?.template.name ?? (vars.loading ? '' : (templateId ?? ''))} />
          ) : (
            <SearchCombo
              key={channel?.id ?? 'none'}
              label="Template"
              pageSize={TemplatePageSizes.templates}
              loadPage={(from, name) =>
                channel && !cannotSend(channel)
                  ? client.templates
                      .list({ from, perPage: TemplatePageSizes.templates, status: 'APPROVED', channelId: channel.id, name })
                      .pipe(map((r) => ({ items: r.templates.map((t) => ({ id: t.id, name: t.name })), more: r.more })))
                  : of({ items: [], more: false })
              }
              selected={template ?? (templateId && loaded ? { id: loaded.template.id, name: loaded.template.name } : null)}
              onSelect={chooseTemplate}
              unavailable={cannotSend(channel) ? SenderTexts.vendorCannotSend : undefined}
              emptyMessage={channel ? SenderTexts.noApprovedTemplates : undefined}
              error={errors?.template}
            />
          )}
        </div>
        {vars.loading && templateId && channel && <ProgressCircle aria-label="Loading the template" isIndeterminate size="S" />}

        {headerFormat && (
          <MediaField
            label="Media"
            format={headerFormat}
            media={media}
            error={errors?.media ?? mediaIssues.header}
            isDisabled={disabled}
            onChoose={() => openAttachments('header')}
            onRemove={() => setFile('header', null)}
          />
        )}
        {cardFormats.some(Boolean) && (
          <div className="pbs-cards-media">
            {cardFormats.map((format, i) =>
              format ? (
                <MediaField
                  key={i}
                  label={`Card ${i + 1} media`}
                  format={format}
                  media={cardFiles[i]}
                  error={errors?.cards[i] ?? mediaIssues[`card-${i}`]}
                  isDisabled={disabled}
                  onChoose={() => openAttachments(i)}
                  onRemove={() => setFile(i, null)}
                />
              ) : null,
            )}
          </div>
        )}

        <div className="pbs-numbers">
          <TextArea
            label="Mobile Numbers"
            isRequired={!readOnly}
            necessityIndicator="icon"
            width="100%"
            value={numbers}
            onChange={setNumbers}
            isDisabled={disabled || props.lockNumbers}
            description={readOnly || props.lockNumbers ? undefined : 'Comma-separated numbers with country code, e.g. +919876543210, +14155550100'}
            validationState={numbersError ? 'invalid' : undefined}
            errorMessage={numbersError}
          />
          {refused.length > 0 && !disabled && (
            <TagGroup
              label={`${SenderTexts.refusedNumbersLabel} (${refused.length})`}
              items={refused.map((n) => ({ n }))}
              onRemove={(keys) => setNumbers((text) => removeNumbers(text, [...keys].map(String)))}
              actionLabel={refused.length > 1 ? 'Remove all' : undefined}
              onAction={() => setNumbers((text) => removeNumbers(text, refused))}
              UNSAFE_className="pbs-refused"
            >
              {(item) => <Item key={item.n}>{item.n}</Item>}
            </TagGroup>
          )}
          {!readOnly && !props.lockNumbers && (
            <Button variant="secondary" onPress={() => picker.current?.setAttribute('open', '')} isDisabled={disabled}>
              Get from customer master
            </Button>
          )}
        </div>

        <VariableMapping
          main={main}
          cards={cards}
          mappings={mappings}
          onChange={(key, m) => setMappings((all) => ({ ...all, [key]: m }))}
          columns={columns}
          expressions={expressions.results}
          bad={bad}
          error={errors?.mapping}
          isDisabled={disabled}
        />

        {!readOnly && (
          <div className="pbs-actions">
            <Button variant="accent" type="submit" isPending={sending}>
              Send
            </Button>
          </div>
        )}
      </form>
      <aside className="pbs-preview" aria-label="Preview">
        {components ? (
          <TemplatePreview
            components={components}
            values={preview}
            mediaUrl={fileUrl(media)}
            cardMediaUrls={cardFormats.map((_, i) => fileUrl(cardFiles[i]))}
          />
        ) : (
          <p className="pbs-muted pbs-preview-empty">Choose a template to see its preview</p>
        )}
      </aside>
    </div>
  );
}
