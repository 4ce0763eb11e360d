import { Button, Item, Picker, TextField, useAsyncList } from '@adobe/react-spectrum';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { ChannelMessages, WHATSAPP_CLOUD_VENDOR, type ChannelType, type VendorId } from '@parley/sdk/contract/channel-texts';
import type { Department } from '@parley/sdk/contract/departments';
import { api } from '../../../stores/session-store.js';
import { departmentCalls } from '../../departments/department-calls.js';
import { toast } from '../../../stores/toast-store.js';
import { CHANNEL_TYPE_OPTIONS, vendorName, vendorsFor } from './channel-names.js';
import { inputOf, useChannelForm, type ChannelFormValues } from './channel-form-state.js';
import { CloudApiHint } from './CloudApiHint.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { VendorFields } from './VendorFields.js';

interface Props {
  /** The channel being edited (its id, saved values and webhook URL), or null for a new one. */
  editing: { channelId: string; values: ChannelFormValues; webhookUrl: string } | null;
  onDone(): void;
}

/**
 * The channel form (platform-shell 3 Channel, 5 vendor form table): name, type, department and vendor, then the
 * vendor's own fields. Errors use the server's words and show under their fields, from the client or the server.
 */
export function ChannelForm({ editing, onDone }: Props) {
  const form = useChannelForm(editing?.values ?? null);
  const { values, error, touch } = form;
  const [saving, setSaving] = useState(false);
  // Whose queue the channel's chats wait in; '' is no department (every agent's queue).
  const departments = useAsyncList<Pick<Department, 'deptId' | 'name'>>({
    async load() {
      try {
        return { items: [{ deptId: '', name: 'No department' }, ...(await departmentCalls.list())] };
      } catch (error) {
        showRefusal(error);
        return { items: [{ deptId: '', name: 'No department' }] };
      }
    },
    getKey: (d) => d.deptId || 'none',
  });
  const invalid = (path: string) => (error(path) ? { errorMessage: error(path), validationState: 'invalid' as const } : {});

  const save = async () => {
    if (!form.validate()) return;
    setSaving(true);
    try {
      const input = inputOf(values);
      await firstValueFrom(editing ? api.channels.update({ channelId: editing.channelId, ...input }) : api.channels.create(input));
      toast(ChannelMessages.saved, 'success');
      onDone();
    } catch (e) {
      form.refused(e);
      showRefusal(e);
      setSaving(false);
    }
  };

  return (
    <section className="channel-form" aria-labelledby="channel-form-title">
      <h1 id="channel-form-title">{editing ? `Edit Channel: ${editing.values.name}` : 'Add Channel'}</h1>
      <form aria-labelledby="channel-form-title" noValidate onSubmit={(e) => (e.preventDefault(), void save())}>
        <div className="channel-form-card">
          <h2>Channel</h2>
          <div className="channel-form-grid">
            <TextField
              label="Name"
              value={values.name}
              onChange={form.setName}
              onBlur={() => touch('name')}
              isRequired
              necessityIndicator="icon"
              autoFocus
              width="100%"
              {...invalid('name')}
            />
            <Picker
              label="Department"
              items={departments.items}
              isLoading={departments.isLoading}
              selectedKey={values.deptId || 'none'}
              onSelectionChange={(key) => key !== null && form.setDept(key === 'none' ? '' : String(key))}
              description="Its chats wait in this department's queue."
              width="100%"
              {...invalid('deptId')}
            >
              {(d) => <Item key={d.deptId || 'none'}>{d.name}</Item>}
            </Picker>
            <Picker
              label="Channel type"
              isRequired
              necessityIndicator="icon"
              items={CHANNEL_TYPE_OPTIONS}
              selectedKey={String(values.type)}
              onSelectionChange={(key) => key !== null && form.setType(Number(key) as ChannelType)}
              width="100%"
              {...invalid('type')}
            >
              {(o) => <Item key={o.id}>{o.name}</Item>}
            </Picker>
            <Picker
              label="Vendor"
              isRequired
              necessityIndicator="icon"
              items={vendorsFor(values.type)}
              selectedKey={values.vendor === null ? null : String(values.vendor)}
              onSelectionChange={(key) => key !== null && form.setVendor(Number(key) as VendorId)}
              onBlur={() => touch('vendor')}
              isDisabled={!vendorsFor(values.type).length}
              description={vendorsFor(values.type).length ? undefined : 'No vendor serves this channel type yet'}
              width="100%"
              {...invalid('vendor')}
            >
              {(o) => <Item key={o.id}>{o.name}</Item>}
            </Picker>
          </div>
        </div>
        {values.vendor !== null && (
          <div className="channel-form-card">
            <h2>{vendorName(values.vendor)}</h2>
            {values.vendor === WHATSAPP_CLOUD_VENDOR && <CloudApiHint webhookUrl={editing?.webhookUrl || null} />}
            <div className="channel-form-grid">
              <VendorFields vendor={values.vendor} values={values.fields} error={error} onChange={form.setField} onBlur={touch} />
            </div>
          </div>
        )}
        <div className="channel-form-actions">
          <Button variant="secondary" onPress={onDone} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="accent" isPending={saving}>
            Save
          </Button>
        </div>
      </form>
    </section>
  );
}
