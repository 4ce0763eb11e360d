import { useState } from 'react';
import {
  ChannelMessages,
  ChannelTypes,
  SECRET_MASK,
  VENDOR_FORMS,
  WHATSAPP_CLOUD_VENDOR,
  type ChannelType,
  type VendorField,
  type VendorId,
} from '@parley/sdk/contract/channel-texts';
import type { Channel } from '@parley/sdk/contract/channels';
import { ParleyError } from '@parley/sdk/parley-error';
import { vendorsFor } from './channel-names.js';

export interface ChannelFormValues {
  name: string;
  type: ChannelType;
  deptId: string;
  vendor: VendorId | null;
  /** Every vendor field by key, contactId included: the form draws them in VENDOR_FORMS order. */
  fields: Record<string, string>;
}

export type FieldErrors = Record<string, string>;

/** Where an error for a field lives: the server's names (`contactId`, `data.<key>`), so both sources share one map. */
export const vendorFieldPath = (key: string) => (key === 'contactId' ? 'contactId' : `data.${key}`);

export const isMasked = (value: string) => value.startsWith(SECRET_MASK);

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
};

export const NEW_CHANNEL: ChannelFormValues = { name: '', type: ChannelTypes.WhatsApp, deptId: '', vendor: WHATSAPP_CLOUD_VENDOR, fields: {} };

export const valuesOf = (channel: Channel): ChannelFormValues => ({
  name: channel.name,
  type: channel.type as ChannelType,
  deptId: channel.deptId ?? '',
  vendor: channel.vendor as VendorId,
  fields: { ...channel.data, contactId: channel.contactId },
});

/** A secret the server holds for this vendor: left masked or emptied, the server keeps it. */
const keepsStored = (field: VendorField, value: string, saved: ChannelFormValues | null, vendor: VendorId) =>
  field.kind === 'secret' && saved?.vendor === vendor && isMasked(saved.fields[field.key] ?? '') && (!value.trim() || isMasked(value));

/**
 * The checks the server makes that need no server, in its words (ChannelMessages, '<label> is required'). Phone
 * numbers are left to the server: it reads them with the enterprise's country.
 */
export function checkForm(values: ChannelFormValues, saved: ChannelFormValues | null): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = ChannelMessages.nameRequired;
  if (values.vendor === null) {
    errors.vendor = ChannelMessages.vendorRequired;
    return errors;
  }
  for (const field of VENDOR_FORMS[values.vendor]) {
    const value = (values.fields[field.key] ?? '').trim();
    const path = vendorFieldPath(field.key);
    if (keepsStored(field, value, saved, values.vendor)) continue;
    if (!value) {
      if (field.required) errors[path] = ChannelMessages.isRequired(field.label);
    } else if (field.kind === 'url' && !isHttpUrl(value)) errors[path] = ChannelMessages.invalidUrl;
  }
  return errors;
}

/** The wire's channel input: contactId on top, the vendor's other fields in `data` (sent as JSON). */
export function inputOf(values: ChannelFormValues) {
  const form = values.vendor === null ? [] : VENDOR_FORMS[values.vendor];
  const data = Object.fromEntries(form.filter((f) => f.key !== 'contactId').map((f) => [f.key, (values.fields[f.key] ?? '').trim()]));
  return {
    name: values.name.trim(),
    type: values.type,
    deptId: values.deptId.trim(),
    ...(values.vendor === null ? {} : { vendor: values.vendor }),
    contactId: (values.fields.contactId ?? '').trim(),
    data,
  };
}

/**
 * The channel form's state. Errors show once a field was left (touched) or Save was pressed; a server error stays
 * under its field until that field changes.
 */
export function useChannelForm(saved: ChannelFormValues | null) {
  const [values, setValues] = useState<ChannelFormValues>(saved ?? NEW_CHANNEL);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const clearServer = (...paths: string[]) =>
    setServerErrors((e) => (paths.some((p) => p in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !paths.includes(k))) : e));

  const local = checkForm(values, saved);
  const shown = (path: string) => serverErrors[path] ?? (submitted || touched.has(path) ? local[path] : undefined);

  return {
    values,
    error: shown,
    touch: (path: string) => setTouched((t) => (t.has(path) ? t : new Set(t).add(path))),
    setName: (name: string) => (setValues((v) => ({ ...v, name })), clearServer('name')),
    setDept: (deptId: string) => (setValues((v) => ({ ...v, deptId })), clearServer('deptId')),
    setType(type: ChannelType) {
      setValues((v) => {
        const vendor = v.vendor !== null && vendorsFor(type).some((o) => Number(o.id) === v.vendor) ? v.vendor : null;
        return { ...v, type, vendor };
      });
      clearServer('type', 'vendor');
    },
    /** Another vendor's fields start empty (its secrets are not this one's); back to the saved vendor, its values return. */
    setVendor(vendor: VendorId) {
      setValues((v) => {
        if (vendor === v.vendor) return v;
        const fields = saved?.vendor === vendor ? saved.fields : { contactId: v.fields.contactId ?? '' };
        return { ...v, vendor, fields };
      });
      setServerErrors({});
    },
    setField: (key: string, value: string) => (setValues((v) => ({ ...v, fields: { ...v.fields, [key]: value } })), clearServer(vendorFieldPath(key))),
    /** Marks the form submitted; true when the server may be asked. */
    validate() {
      setSubmitted(true);
      return Object.keys(local).length === 0;
    },
    refused(error: unknown) {
      if (error instanceof ParleyError) setServerErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
    },
  };
}
