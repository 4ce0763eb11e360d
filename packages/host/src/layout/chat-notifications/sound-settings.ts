import type { AudioSettings } from '@parley/sdk/contract/profile';
import { SOUND_KINDS, type SoundKind, type SoundLevel } from './sound-schedule.js';

/** The widget's own sound settings, kept in this browser for a profile that has none (the default profile). */
export interface LocalSoundSettings {
  enabled: boolean;
  volume: number;
  repeat: number;
}

export const LOCAL_SOUND_KEY = 'parley.chat.sounds';
export const DEFAULT_LOCAL_SOUNDS: LocalSoundSettings = { enabled: true, volume: 60, repeat: 1 };

export function parseLocalSounds(stored: string | null): LocalSoundSettings {
  if (!stored) return DEFAULT_LOCAL_SOUNDS;
  try {
    const value = JSON.parse(stored) as Partial<LocalSoundSettings>;
    return {
      enabled: typeof value.enabled === 'boolean' ? value.enabled : DEFAULT_LOCAL_SOUNDS.enabled,
      volume: Number.isFinite(value.volume) ? Math.min(Math.max(value.volume!, 0), 100) : DEFAULT_LOCAL_SOUNDS.volume,
      repeat: Number.isFinite(value.repeat) ? Math.min(Math.max(Math.trunc(value.repeat!), 1), 10) : DEFAULT_LOCAL_SOUNDS.repeat,
    };
  } catch {
    return DEFAULT_LOCAL_SOUNDS;
  }
}

/** True when the profile carries its own sounds: then they rule, and the widget's local settings are not offered. */
export const profileHasSounds = (audio: AudioSettings | undefined) => Boolean(audio && audio.sounds.length > 0);

/**
 * The level a sound plays at, or null for silence. The profile knows two sound types (spec 3: new_chat and
 * new_message): a new, transferred, invited or assigned chat takes new_chat's, a message new_message's.
 */
export function soundLevel(kind: SoundKind, audio: AudioSettings | undefined, local: LocalSoundSettings): SoundLevel | null {
  if (audio && profileHasSounds(audio)) {
    if (!audio.enable) return null;
    const wanted = kind === 'message' ? 'new_message' : 'new_chat';
    const sound = audio.sounds.find((s) => s.type === wanted);
    return sound ? { volume: sound.volume, repeat: sound.repeat } : null;
  }
  return local.enabled ? { volume: local.volume, repeat: local.repeat } : null;
}

/**
 * The sound to play: the one of the five the profile picked for the event's type (My profile's audio settings), or the
 * event's own sound when the profile picked none or a name this console does not know.
 */
export function soundToPlay(kind: SoundKind, audio: AudioSettings | undefined): SoundKind {
  if (!audio || !profileHasSounds(audio)) return kind;
  const wanted = kind === 'message' ? 'new_message' : 'new_chat';
  const picked = audio.sounds.find((s) => s.type === wanted)?.sound;
  return picked && (SOUND_KINDS as readonly string[]).includes(picked) ? (picked as SoundKind) : kind;
}
