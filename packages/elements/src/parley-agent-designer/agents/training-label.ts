import type { TrainingStatus } from '@parley/sdk/contract/nlp-agents';

/** The card's training label from the agent's real state (the spec's alternating placeholder, made true). */
export function trainingLabel(t: TrainingStatus): { text: string; variant: 'positive' | 'neutral' | 'info' | 'negative' | 'notice' } {
  if (t.status === 'training') return { text: 'Training Inprogress', variant: 'info' };
  if (t.status === 'failed') return { text: 'Training Failed', variant: 'negative' };
  if (t.status === 'trained' && t.changedSinceTraining) return { text: 'Changed since training', variant: 'notice' };
  if (t.status === 'trained') return { text: 'Trained', variant: 'positive' };
  return { text: 'Not Trained', variant: 'neutral' };
}
