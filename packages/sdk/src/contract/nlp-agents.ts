import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { recordId } from './fields.js';
import { Messages } from './messages.js';
import { pageFrom } from './paging.js';

/** agent-designer 5: names are trimmed and inner whitespace collapsed; an empty result is invalid. */
export const collapsed = (emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .max(120)
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .refine((v) => v.length > 0, { error: emptyMessage });

export const NlpMessages = {
  agentCreated: 'Agent Created  Successfully',
  agentUpdated: 'Agent Updated Successfully',
  agentDeleted: 'Agent Deleted Successfully',
  duplicateAgent: 'duplication of name ',
  agentHasStories: 'Agent has Stories and Intents attached to it. Cannot be deleted',
  duplicateStory: 'Duplication of story name ',
  invalidStoryName: 'Please give valid name',
  storySaved: 'Story Saved Successfully',
  storyDeleted: 'Story Deleted Successfully',
} as const;

export const agentType = z.enum(['prompt', 'nlp']);

/** The real training state that the agent cards show instead of the spec's alternating placeholder. */
export const trainingStatus = z.object({
  status: z.enum(['not-trained', 'training', 'trained', 'failed']),
  trainedAt: z.string().nullable(),
  changedSinceTraining: z.boolean(),
  /** 0-1 while training. */
  progress: z.number().nullable(),
  /** Why the last training failed, in words the designer can act on. */
  error: z.string().nullable(),
  /**
   * True while a training runs again because the process running it stopped (its progress restarted from 0).
   * Optional: servers before this field omit it.
   */
  resumed: z.boolean().optional(),
});
export type TrainingStatus = z.infer<typeof trainingStatus>;

export const agent = z.object({
  id: z.string(),
  eId: z.string(),
  name: z.string(),
  description: z.string(),
  type: agentType.nullable(),
  config: z.record(z.string(), z.unknown()),
  promptConfig: z.record(z.string(), z.unknown()),
  training: trainingStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agent = z.infer<typeof agent>;

export interface Story {
  id: string;
  name: string;
  agentId: string;
  parentId: string | null;
  childStories: Story[];
}
export const story: z.ZodType<Story> = z.lazy(() =>
  z.object({ id: z.string(), name: z.string(), agentId: z.string(), parentId: z.string().nullable(), childStories: z.array(story) }),
);

const id = recordId;

export const nlpAgentsApi = {
  save: endpoint({
    method: 'POST',
    path: 'nlp/agent',
    input: z.object({
      id: id.optional(),
      name: collapsed(Messages.mandatory),
      description: z.string({ error: Messages.mandatory }).trim().min(1, { error: Messages.mandatory }).max(1000),
      type: agentType,
    }),
    reply: z.object({ id: z.string() }),
  }),
  list: endpoint({
    method: 'GET',
    path: 'nlp/v2/agent',
    input: z.object({
      name: z.string().max(120).optional(),
      from: pageFrom(),
      perPage: z.coerce.number().int().min(-1).max(500).default(15),
    }),
    reply: z.object({ agents: z.array(agent), more: z.boolean() }),
  }),
  get: endpoint({ method: 'GET', path: 'nlp/agent/:id', input: z.object({ id }), reply: agent }),
  delete: endpoint({ method: 'DELETE', path: 'nlp/agent/:id', input: z.object({ id }), reply: z.null() }),
  saveStory: endpoint({
    method: 'POST',
    path: 'nlp/story',
    input: z.object({
      id: id.optional(),
      agentId: id,
      parentId: id.optional(),
      name: collapsed(NlpMessages.invalidStoryName),
    }),
    reply: z.object({ id: z.string() }),
  }),
  stories: endpoint({ method: 'GET', path: 'nlp/agent/:id/story', input: z.object({ id }), reply: story }),
  deleteStory: endpoint({
    method: 'DELETE',
    path: 'nlp/agent/:id/story/:storyId',
    input: z.object({ id, storyId: id }),
    reply: z.null(),
  }),
} as const;
