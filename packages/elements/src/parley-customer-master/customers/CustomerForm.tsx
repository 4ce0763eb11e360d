import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { Checkbox } from '@adobe/react-spectrum/Checkbox';
import { CheckboxGroup } from '@adobe/react-spectrum/CheckboxGroup';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { TextField } from '@adobe/react-spectrum/TextField';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import Edit from '@spectrum-icons/workflow/Edit';
import { useEffect, useState } from 'react';
import { CustomerLimits, CustomerMessages, SOCIAL_FIELDS, SOCIAL_LABELS } from '@parley/sdk/contract/customer-texts';
import type { Segment } from '@parley/sdk/contract/customers';
import { asParleyError, messageOf, once, useLoad } from '../../internal/use-call.js';
import { useMaster } from '../master-context.js';
import { paths, type ListScope } from '../master-routes.js';
import { CustomField } from './CustomField.js';
import { dataKey, draftOf, emptyDraft, payloadOf, validateDraft, type CustomerDraft, type DraftErrors, type FieldValue } from './customer-draft.js';
import { ensureCustomerStyles } from './customer-styles.js';

/** What the server said when it refused a save: its message and each error, listed above the form (spec 8). */
interface Refusal {
  message: string;
  errors: string[];
}

/**
 * customer-master 2, 4, 5, 8: the customer form. A new customer is editable at once; an existing one opens in view
 * mode and the pencil makes it editable, except its phone number, which identifies it.
 */
export function CustomerForm({ customerId, scope = null }: { customerId: string | null; scope?: ListScope }) {
  ensureCustomerStyles();
  const { client, navigate, toast, canChangeCustomers } = useMaster();
  const creating = customerId === null;
  // Added from a segment's list: the customer belongs there unless the user unticks it.
  const fromSegment = creating && scope !== null && scope !== 'all' ? scope.segmentId : null;
  const [editing, setEditing] = useState(creating);
  const [draft, setDraft] = useState<CustomerDraft>(() => ({ ...emptyDraft(), tags: fromSegment ? [fromSegment] : [] }));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  const definitions = useLoad(
    () => client.definitions.list({}),
    [client],
    (e) => toast(messageOf(e), 'error'),
  );
  const segments = useLoad(() => client.customers.tags({}), [client]);
  const groups = useLoad(() => client.customers.groups({}), [client]);
  const customer = useLoad(
    () => (customerId ? client.customers.get({ id: customerId }) : null),
    [client, customerId],
    (e) => toast(messageOf(e), 'error'),
  );
  // A segment path naming no segment of ours (deleted since, or typed) pre-ticks nothing rather than failing the save.
  const knownSegments = segments.data?.tags;
  useEffect(() => {
    if (fromSegment && knownSegments && !knownSegments.some((t) => t.id === fromSegment))
      setDraft((d) => ({ ...d, tags: d.tags.filter((t) => t !== fromSegment) }));
  }, [fromSegment, knownSegments]);
  // Save and Cancel return to the list the form was opened from.
  const back = () => navigate(paths.customers(scope));
  useEffect(() => {
    if (customer.data) setDraft(draftOf(customer.data.customer));
  }, [customer.data]);

  const custom = (definitions.data?.inputFieldDefinitions ?? []).filter((d) => !d.builtIn);
  const local = submitted ? validateDraft(draft, custom) : {};
  const errors: DraftErrors = { ...serverErrors, ...local };
  const disabled = !editing || busy;

  const set = <K extends keyof CustomerDraft>(key: K, value: CustomerDraft[K], errorKey: string = key) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerErrors(({ [errorKey]: _gone, ...rest }) => rest);
  };
  const setField = (definitionId: string, value: FieldValue) => {
    setDraft((d) => ({ ...d, data: { ...d.data, [definitionId]: value } }));
    setServerErrors(({ [dataKey(definitionId)]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    setSubmitted(true);
    if (Object.keys(validateDraft(draft, custom)).length || busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const reply = await once(client.customers.save(payloadOf(draft, custom, customerId)));
      toast(CustomerMessages.saved, 'success');
      if (creating) return back();
      setDraft(draftOf(reply.customer));
      setServerErrors({});
      setSubmitted(false);
      setEditing(false);
    } catch (e) {
      const error = asParleyError(e);
      setRefusal({ message: error.message, errors: error.errors.map((x) => x.message) });
      setServerErrors(Object.fromEntries(error.errors.map((x) => [x.field, x.message])));
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    // Spec 4: Cancel returns the form to view mode and the user to the list.
    setEditing(creating);
    back();
  };

  const loading = definitions.loading || customer.loading;
  if (customerId && customer.error && !customer.data) {
    return (
      <div className="pcm-cu-form">
        <p className="pcm-cu-note">{customer.error.message}</p>
        <Button variant="secondary" onPress={back}>
          Back to Customers
        </Button>
      </div>
    );
  }
  const invalid = (key: string) => (errors[key] ? ('invalid' as const) : undefined);
  return (
    <form
      className="pcm-cu-form"
      aria-label={creating ? 'Create Customer' : 'Update Customer'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (editing) void save();
      }}
    >
      <div className="pcm-cu-form-head">
        <h2>{creating ? 'Create Customer' : 'Update Customer'}</h2>
        {loading && <ProgressCircle aria-label="Loading customer" isIndeterminate size="S" />}
        {!creating && !editing && canChangeCustomers && (
          <TooltipTrigger>
            <ActionButton aria-label="Edit" onPress={() => setEditing(true)} isDisabled={loading}>
              <Edit />
            </ActionButton>
            <Tooltip>Edit</Tooltip>
          </TooltipTrigger>
        )}
      </div>
      {refusal && (
        <div className="pcm-cu-errors" role="alert">
          <p>{refusal.message}</p>
          {refusal.errors.length > 0 && (
            <ul>
              {refusal.errors.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <section className="pcm-cu-card" aria-label="Basic Details">
        <h3>Basic Details</h3>
        <div className="pcm-cu-grid">
          <TextField
            label="Name"
            value={draft.name}
            onChange={(v) => set('name', v)}
            isRequired
            necessityIndicator="icon"
            isDisabled={disabled}
            maxLength={CustomerLimits.nameChars}
            validationState={invalid('name')}
            errorMessage={errors.name}
          />
          <TextField
            label="Phone Number"
            description="With the country code, e.g. +919876543210"
            value={draft.phoneNumber}
            onChange={(v) => set('phoneNumber', v)}
            isRequired
            necessityIndicator="icon"
            // An existing customer is known by its number: it is never edited (spec 4).
            isDisabled={disabled || !creating}
            inputMode="tel"
            validationState={invalid('phoneNumber')}
            errorMessage={errors.phoneNumber}
          />
        </div>
      </section>
      {custom.length > 0 && (
        <section className="pcm-cu-card" aria-label="Other Details">
          <h3>Other Details</h3>
          <div className="pcm-cu-grid">
            {custom.map((d) => (
              <CustomField
                key={d._id}
                definition={d}
                value={draft.data[d._id]}
                error={errors[dataKey(d._id)]}
                isDisabled={disabled}
                onChange={(v) => setField(d._id, v)}
              />
            ))}
          </div>
        </section>
      )}
      <section className="pcm-cu-card" aria-label="Social Profiles">
        <h3>Social Profiles</h3>
        <div className="pcm-cu-grid">
          {SOCIAL_FIELDS.map((f) => (
            <TextField
              key={f}
              label={SOCIAL_LABELS[f]}
              value={draft[f]}
              onChange={(v) => set(f, v)}
              isDisabled={disabled}
              maxLength={CustomerLimits.socialChars}
              validationState={invalid(f)}
              errorMessage={errors[f]}
            />
          ))}
        </div>
      </section>
      <section className="pcm-cu-card" aria-label="Groups and Labels">
        <h3>Groups and Labels</h3>
        <div className="pcm-cu-grid">
          <Choices
            label="Groups"
            options={groups.data?.groups}
            value={draft.groups}
            onChange={(v) => set('groups', v)}
            isDisabled={disabled}
            error={errors.groups}
          />
          <Choices label="Labels" options={segments.data?.tags} value={draft.tags} onChange={(v) => set('tags', v)} isDisabled={disabled} error={errors.tags} />
        </div>
      </section>
      <div className="pcm-cu-footer">
        <Button variant="secondary" onPress={cancel}>
          Cancel
        </Button>
        {editing && (
          <Button variant="accent" type="submit" isPending={busy}>
            Save
          </Button>
        )}
      </div>
    </form>
  );
}

function Choices(props: { label: string; options: Segment[] | undefined; value: string[]; onChange(v: string[]): void; isDisabled: boolean; error?: string }) {
  const { label, options, value, onChange, isDisabled, error } = props;
  if (options && options.length === 0) return <p className="pcm-cu-note">{label}: none yet</p>;
  return (
    <div className="pcm-cu-choices">
      <CheckboxGroup
        label={label}
        value={value}
        onChange={onChange}
        isDisabled={isDisabled}
        validationState={error ? 'invalid' : undefined}
        errorMessage={error}
      >
        {(options ?? []).map((o) => (
          <Checkbox key={o.id} value={o.id}>
            {o.name}
          </Checkbox>
        ))}
      </CheckboxGroup>
    </div>
  );
}
