import type { AudioSettings } from '@parley/sdk/contract/profile';
import { MAX_REPEAT, SOUND_KINDS, type SoundKind } from '../../layout/chat-notifications/sound-schedule.js';

/** The two sound types of the profile (platform-shell 3) and what each one announces. */
export const SOUND_TYPES = [
  { type: 'new_chat', label: 'New chat' },
  { type: 'new_message', label: 'New message' },
] as const;
export type SoundType = (typeof SOUND_TYPES)[number]['type'];

/** The five sounds of the notification widget, named by how they sound. */
export const SOUND_CHOICES: { id: SoundKind; label: string }[] = [
  { id: 'newChat', label: 'Rising chime' },
  { id: 'transfer', label: 'Falling two notes' },
  { id: 'invite', label: 'Triple beep' },
  { id: 'assign', label: 'Long and short' },
  { id: 'message', label: 'Single blip' },
];

export interface SoundRow {
  sound: SoundKind;
  repeat: number;
  volume: number;
}

export interface AudioForm {
  enable: boolean;
  rows: Record<SoundType, SoundRow>;
}

const DEFAULTS: Record<SoundType, SoundRow> = {
  new_chat: { sound: 'newChat', repeat: 1, volume: 60 },
  new_message: { sound: 'message', repeat: 1, volume: 60 },
};

const isSoundKind = (value: string): value is SoundKind => (SOUND_KINDS as readonly string[]).includes(value);
const clamp = (value: number, min: number, max: number) => (Number.isFinite(value) ? Math.min(Math.max(Math.round(value), min), max) : min);

/** The profile's settings as the form edits them: both types always present, unknown sounds replaced by the default. */
export function audioFormOf(settings: AudioSettings | undefined): AudioForm {
  const rows = { ...DEFAULTS };
  for (const { type } of SOUND_TYPES) {
    const saved = settings?.sounds.find((s) => s.type === type);
    if (saved) {
      rows[type] = {
        sound: isSoundKind(saved.sound) ? saved.sound : DEFAULTS[type].sound,
        repeat: clamp(saved.repeat, 1, MAX_REPEAT),
        volume: clamp(saved.volume, 0, 100),
      };
    }
  }
  return { enable: settings?.enable ?? true, rows };
}

/** The form as the profile stores it: one entry per type, whole numbers within the contract's bounds. */
export function audioSettingsOf(form: AudioForm): AudioSettings {
  return {
    enable: form.enable,
    sounds: SOUND_TYPES.map(({ type }) => ({
      type,
      sound: form.rows[type].sound,
      repeat: clamp(form.rows[type].repeat, 1, MAX_REPEAT),
      volume: clamp(form.rows[type].volume, 0, 100),
    })),
  };
}
