/** The five notification sounds of platform-shell 2.11, drawn with WebAudio instead of audio files. */
export const SOUND_KINDS = ['newChat', 'transfer', 'invite', 'assign', 'message'] as const;
export type SoundKind = (typeof SOUND_KINDS)[number];

export interface Tone {
  /** Hz */
  frequency: number;
  /** Seconds from the start of the sound. */
  start: number;
  duration: number;
  /** 0-1, already scaled by the volume. */
  gain: number;
}

export interface SoundLevel {
  /** Percent, 0-100 (the profile's `volume`). */
  volume: number;
  /** How many times the sound plays (the profile's `repeat`; 0 still plays once). */
  repeat: number;
}

/** Notes of each sound: distinct shapes (rising, falling, triple, long-short, one blip) so an agent tells them apart by ear. */
const NOTES: Record<SoundKind, readonly [frequency: number, start: number, duration: number][]> = {
  newChat: [
    [523.25, 0, 0.12],
    [659.25, 0.13, 0.12],
    [783.99, 0.26, 0.22],
  ],
  transfer: [
    [783.99, 0, 0.16],
    [587.33, 0.18, 0.26],
  ],
  invite: [
    [659.25, 0, 0.08],
    [659.25, 0.12, 0.08],
    [659.25, 0.24, 0.14],
  ],
  assign: [
    [440, 0, 0.3],
    [880, 0.32, 0.14],
  ],
  message: [[880, 0, 0.1]],
};
/** Loudest gain at 100 %: a full-scale sine through laptop speakers is harsh. */
const MAX_GAIN = 0.3;
/** The pause between two plays of a repeated sound. */
export const REPEAT_GAP_S = 0.35;
export const MAX_REPEAT = 10;

/** Every tone of a sound played `repeat` times at `volume`: empty when the volume is 0. */
export function soundSchedule(kind: SoundKind, level: SoundLevel): Tone[] {
  const gain = (Math.min(Math.max(level.volume, 0), 100) / 100) * MAX_GAIN;
  if (gain === 0) return [];
  const notes = NOTES[kind];
  const length = Math.max(...notes.map(([, start, duration]) => start + duration));
  const plays = Math.min(Math.max(Math.trunc(level.repeat), 1), MAX_REPEAT);
  const tones: Tone[] = [];
  for (let play = 0; play < plays; play++) {
    const offset = play * (length + REPEAT_GAP_S);
    for (const [frequency, start, duration] of notes) tones.push({ frequency, start: offset + start, duration, gain });
  }
  return tones;
}
