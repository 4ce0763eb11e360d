import { GraphErrors } from './graph-error.js';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);

export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
const FREE_FORM_TYPES: readonly string[] = ['text', ...MEDIA_TYPES, 'location', 'interactive'];

/** The Cloud API's limits on a text body and a media caption. */
export const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;

export const isFreeFormType = (type: string) => FREE_FORM_TYPES.includes(type);

/**
 * A non-template message's content (`{text: {...}}`, `{image: {...}}` ...), checked as the Cloud API checks a send
 * before it answers: what fails here is a Graph error 100, never a failed status later.
 */
export function freeFormContent(type: string, body: Json): Json {
  if (type === 'text') return { text: textContent(body.text) };
  if (type === 'location') return { location: locationContent(body.location) };
  if (type === 'interactive') return { interactive: interactiveContent(body.interactive) };
  if ((MEDIA_TYPES as readonly string[]).includes(type)) return { [type]: mediaContent(type as MediaType, body[type]) };
  throw GraphErrors.invalidParameter(`Param type must be one of {${[...FREE_FORM_TYPES, 'template'].join(', ')}}`);
}

function textContent(raw: unknown): Json {
  const text = obj(raw);
  const value = text?.body;
  if (typeof value !== 'string' || value.trim() === '') throw GraphErrors.required("text['body']");
  if (value.length > MAX_TEXT) throw GraphErrors.invalidParameter(`Param text['body'] must be at most ${MAX_TEXT} characters long.`);
  if (text!.preview_url !== undefined && typeof text!.preview_url !== 'boolean')
    throw GraphErrors.invalidParameter("Param text['preview_url'] must be a boolean.");
  return { body: value, ...(text!.preview_url !== undefined ? { preview_url: text!.preview_url } : {}) };
}

function mediaContent(type: MediaType, raw: unknown): Json {
  const media = obj(raw);
  if (!media) throw GraphErrors.required(type);
  const { link, id, caption, filename } = media;
  const hasLink = typeof link === 'string' && link !== '';
  const hasId = typeof id === 'string' && id !== '';
  if (!hasLink && !hasId) throw GraphErrors.required(`${type}['link'] or ${type}['id']`);
  if (hasLink && hasId) throw GraphErrors.invalidParameter(`Param ${type} must have either 'link' or 'id', not both.`);
  if (hasLink && !isHttpUrl(link)) throw GraphErrors.invalidParameter(`Param ${type}['link'] is not a valid URI.`);
  if (caption !== undefined) {
    if (type === 'audio' || type === 'sticker') throw GraphErrors.invalidParameter(`Param ${type}['caption'] is not supported for ${type} messages.`);
    if (typeof caption !== 'string' || caption.length > MAX_CAPTION)
      throw GraphErrors.invalidParameter(`Param ${type}['caption'] must be at most ${MAX_CAPTION} characters long.`);
  }
  if (filename !== undefined && (type !== 'document' || typeof filename !== 'string'))
    throw GraphErrors.invalidParameter(`Param ${type}['filename'] is only supported for documents.`);
  return { ...(hasLink ? { link } : { id }), ...(caption !== undefined ? { caption } : {}), ...(filename !== undefined ? { filename } : {}) };
}

function locationContent(raw: unknown): Json {
  const location = obj(raw);
  if (!location) throw GraphErrors.required('location');
  const latitude = Number(location.latitude);
  const longitude = Number(location.longitude);
  if (location.latitude === undefined || !Number.isFinite(latitude) || Math.abs(latitude) > 90) throw GraphErrors.required("location['latitude']");
  if (location.longitude === undefined || !Number.isFinite(longitude) || Math.abs(longitude) > 180) throw GraphErrors.required("location['longitude']");
  const text = (key: 'name' | 'address') => (typeof location[key] === 'string' ? { [key]: location[key] } : {});
  return { latitude, longitude, ...text('name'), ...text('address') };
}

/** Interactive messages come in many kinds (buttons, lists, flows, ...): only their envelope is checked. */
function interactiveContent(raw: unknown): Json {
  const interactive = obj(raw);
  if (!interactive || typeof interactive.type !== 'string' || !interactive.type) throw GraphErrors.required("interactive['type']");
  if (obj(interactive.action) === null) throw GraphErrors.required("interactive['action']");
  return interactive;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
