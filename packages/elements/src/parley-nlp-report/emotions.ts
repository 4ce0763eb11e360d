/** The 28 emotion labels a conversation message may carry (agent-designer 3, "Emotions with emoji"). */
export const EMOTIONS = [
  'admiration',
  'amusement',
  'anger',
  'annoyance',
  'approval',
  'caring',
  'confusion',
  'curiosity',
  'desire',
  'disappointment',
  'disapproval',
  'disgust',
  'fear',
  'gratitude',
  'grief',
  'joy',
  'love',
  'nervousness',
  'optimism',
  'pride',
  'realization',
  'relief',
  'remorse',
  'sadness',
  'surprise',
  'neutral',
  'embarrassment',
  'excitement',
] as const;

export type Emotion = (typeof EMOTIONS)[number];

/** One distinct emoji per label, so the Emotion column reads at a glance. */
export const EMOTION_EMOJI: Readonly<Record<Emotion, string>> = {
  admiration: '🤩',
  amusement: '😂',
  anger: '😠',
  annoyance: '😒',
  approval: '👍',
  caring: '🤗',
  confusion: '😕',
  curiosity: '🤔',
  desire: '😋',
  disappointment: '😞',
  disapproval: '👎',
  disgust: '🤢',
  fear: '😨',
  gratitude: '🙏',
  grief: '😭',
  joy: '😃',
  love: '😍',
  nervousness: '😬',
  optimism: '🤞',
  pride: '😎',
  realization: '💡',
  relief: '😌',
  remorse: '😔',
  sadness: '😢',
  surprise: '😮',
  neutral: '😐',
  embarrassment: '😳',
  excitement: '🥳',
};

/** The emoji of a label (any case), or undefined for a label outside the 28. */
export function emojiOf(label: string): string | undefined {
  const key = label.trim().toLowerCase();
  return Object.hasOwn(EMOTION_EMOJI, key) ? EMOTION_EMOJI[key as Emotion] : undefined;
}
