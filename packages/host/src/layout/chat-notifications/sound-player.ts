import { soundSchedule, type SoundKind, type SoundLevel } from './sound-schedule.js';

let context: AudioContext | undefined;
let unlocked = false;

/**
 * Browsers refuse sound before the user has interacted with the page (autoplay rules), and an AudioContext made
 * earlier starts suspended with a console warning. So the context is made on the first click or key press, and
 * until then a notification is silent rather than queued: a burst of stale sounds on the first click would confuse.
 */
export function unlockAudioOnFirstGesture(): () => void {
  if (unlocked) return () => undefined;
  const unlock = () => {
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    void context.resume();
    unlocked = true;
    remove();
  };
  const remove = () => {
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
  return remove;
}

/** Plays a notification sound, if a gesture has unlocked audio; each tone fades in and out to avoid clicks. */
export function playSound(kind: SoundKind, level: SoundLevel) {
  if (!context || !unlocked || context.state !== 'running') return;
  const now = context.currentTime + 0.02;
  for (const tone of soundSchedule(kind, level)) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = tone.frequency;
    const start = now + tone.start;
    const end = start + tone.duration;
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(tone.gain, start + 0.015);
    gain.gain.setValueAtTime(tone.gain, Math.max(start + 0.015, end - 0.04));
    gain.gain.linearRampToValueAtTime(0, end);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(end + 0.01);
  }
}
