import type { ButtonType, TemplateKind } from '@parley/sdk/contract/template-texts';

export const KIND_LABELS: Record<TemplateKind, string> = { DEFAULT: 'Default', LIMITED_TIME_OFFER: 'Limited-time offer', CAROUSEL: 'Carousel' };

export const BUTTON_LABELS: Record<ButtonType, string> = { QUICK_REPLY: 'Quick reply', URL: 'URL', PHONE_NUMBER: 'Phone number', COPY_CODE: 'Copy code' };

/** A short list of WhatsApp's template languages (its codes); the spec names none. */
export const LANGUAGES = [
  { id: 'en_US', name: 'English (US)' },
  { id: 'en_GB', name: 'English (UK)' },
  { id: 'en', name: 'English' },
  { id: 'hi', name: 'Hindi' },
  { id: 'es', name: 'Spanish' },
  { id: 'pt_BR', name: 'Portuguese (BR)' },
  { id: 'fr', name: 'French' },
  { id: 'de', name: 'German' },
  { id: 'ar', name: 'Arabic' },
  { id: 'id', name: 'Indonesian' },
] as const;

export const languageName = (code: string) => LANGUAGES.find((l) => l.id === code)?.name ?? code;
