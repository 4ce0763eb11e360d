import { useCallback, useSyncExternalStore } from 'react';
import { LOCAL_SOUND_KEY, parseLocalSounds, type LocalSoundSettings } from './sound-settings.js';

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: LocalSoundSettings } | undefined;

function read(): LocalSoundSettings {
  const raw = localStorage.getItem(LOCAL_SOUND_KEY);
  if (!cached || cached.raw !== raw) cached = { raw, value: parseLocalSounds(raw) };
  return cached.value;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The widget's sound settings kept in this browser, shared by the settings popover and the event listener. */
export function useLocalSounds(): [LocalSoundSettings, (next: Partial<LocalSoundSettings>) => void] {
  const settings = useSyncExternalStore(subscribe, read);
  const update = useCallback((next: Partial<LocalSoundSettings>) => {
    localStorage.setItem(LOCAL_SOUND_KEY, JSON.stringify({ ...read(), ...next }));
    listeners.forEach((l) => l());
  }, []);
  return [settings, update];
}

export const localSounds = read;
