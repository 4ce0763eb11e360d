import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enterprises, stories, users } from '../../db/schema.js';
import { hashPassword } from '../account/secrets.js';
import { call, login, startServer } from '../../test/harness.js';

describe('NLP agents and stories', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const save = (form: Record<string, string>, as = token) => call(parley, 'POST', 'nlp/agent', { token: as, form });
  const saveStory = (form: Record<string, string>) => call(parley, 'POST', 'nlp/story', { token, form });

  it('creates an agent with a collapsed name and the spec message, and refuses a duplicate name', async () => {
    const created = await save({ name: '  Travel   Desk ', description: 'Flights and hotels', type: 'nlp' });
    expect(created).toMatchObject({ code: 100, message: 'Agent Created  Successfully' });
    const agent = await call(parley, 'GET', `nlp/agent/${created.data.id}`, { token });
    expect(agent.data).toMatchObject({ name: 'Travel Desk', type: 'nlp', training: { status: 'not-trained', trainedAt: null } });
    const duplicate = await save({ name: 'travel desk', description: 'again', type: 'prompt' });
    expect(duplicate).toMatchObject({ status: false, message: 'duplication of name ' });
    const blank = await save({ name: '   ', description: 'x', type: 'nlp' });
    expect(blank.errors).toContainEqual({ field: 'name', message: 'This field is mandatory.' });
    const updated = await save({ id: created.data.id, name: 'Travel Desk', description: 'Trips', type: 'nlp' });
    expect(updated.message).toBe('Agent Updated Successfully');
  });

  it('lists 15 per page with more, searches by name, and -1 lists all', async () => {
    for (let i = 0; i < 17; i++) await save({ name: `Bot ${String(i).padStart(2, '0')}`, description: 'd', type: 'nlp' });
    const first = await call(parley, 'GET', 'nlp/v2/agent', { token, query: { from: '0' } });
    expect([first.data.agents.length, first.data.more, first.more]).toEqual([15, true, true]);
    const all = await call(parley, 'GET', 'nlp/v2/agent', { token, query: { perPage: '-1' } });
    // 17 bots, Travel Desk, and the Demo Pizza Bot and Demo Order Desk seeded with the demo enterprise.
    expect(all.data.agents.length).toBe(20);
    expect(all.data.more).toBe(false);
    const search = await call(parley, 'GET', 'nlp/v2/agent', { token, query: { name: 'bot 1', perPage: '-1' } });
    expect(search.data.agents.map((a: { name: string }) => a.name).sort()).toEqual(['Bot 10', 'Bot 11', 'Bot 12', 'Bot 13', 'Bot 14', 'Bot 15', 'Bot 16']);
  });

  it('keeps stories in a tree under the root, refuses duplicates, and blocks deleting an agent with stories (101)', async () => {
    const { data } = await save({ name: 'Banking', description: 'Accounts', type: 'nlp' });
    const cards = await saveStory({ agentId: data.id, name: ' Cards ' });
    expect(cards.message).toBe('Story Saved Successfully');
    const lost = await saveStory({ agentId: data.id, parentId: cards.data.id, name: 'Lost card' });
    expect((await saveStory({ agentId: data.id, name: 'CARDS' })).message).toBe('Duplication of story name ');
    expect((await saveStory({ agentId: data.id, name: '  ' })).errors).toContainEqual({ field: 'name', message: 'Please give valid name' });

    const tree = await call(parley, 'GET', `nlp/agent/${data.id}/story`, { token });
    expect(tree.data).toMatchObject({
      name: 'Root',
      parentId: null,
      childStories: [{ name: 'Cards', childStories: [{ name: 'Lost card', childStories: [] }] }],
    });

    const refused = await call(parley, 'DELETE', `nlp/agent/${data.id}`, { token });
    expect(refused).toMatchObject({ status: false, code: 101, message: 'Agent has Stories and Intents attached to it. Cannot be deleted' });
    expect((await call(parley, 'DELETE', `nlp/agent/${data.id}/story/${tree.data.id}`, { token })).code).toBe(1400);
    expect((await call(parley, 'DELETE', `nlp/agent/${data.id}/story/${cards.data.id}`, { token })).message).toBe('Story Deleted Successfully');
    const after = await call(parley, 'GET', `nlp/agent/${data.id}/story`, { token });
    expect(after.data.childStories).toEqual([]);
    // The story below the deleted one went with it: no orphan rows are left behind.
    const left = await parley.database.db.select().from(stories).where(eq(stories.agentId, data.id));
    expect(left.map((s) => s.name)).toEqual(['Root']);
    expect(lost.data.id).toBeTruthy();
    expect((await call(parley, 'DELETE', `nlp/agent/${data.id}`, { token })).message).toBe('Agent Deleted Successfully');
    expect((await call(parley, 'GET', `nlp/agent/${data.id}`, { token })).code).toBe(1404);
  });

  it('lets a Report Viewer read but not change agents, and refuses roles without NLP', async () => {
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await call(parley, 'GET', 'nlp/v2/agent', { token: viewer })).code).toBe(100);
    expect((await save({ name: 'Nope', description: 'd', type: 'nlp' }, viewer)).code).toBe(1403);
    const agentRole = await login(parley, 'agent@parley.dev');
    expect((await call(parley, 'GET', 'nlp/v2/agent', { token: agentRole })).code).toBe(1403);
  });

  it('keeps agents to their enterprise', async () => {
    const { db } = parley.database;
    const [other] = await db.insert(enterprises).values({ name: 'Other' }).returning();
    await db
      .insert(users)
      .values({ eId: other!.id, name: 'Other Admin', email: 'admin@other.example', passwordHash: await hashPassword('other-password'), roles: [1] });
    const otherToken = await login(parley, 'admin@other.example', 'other-password');
    const mine = (await save({ name: 'Private bot', description: 'd', type: 'nlp' })).data.id;
    expect((await call(parley, 'GET', 'nlp/v2/agent', { token: otherToken, query: { perPage: '-1' } })).data.agents).toEqual([]);
    expect((await call(parley, 'GET', `nlp/agent/${mine}`, { token: otherToken })).code).toBe(1404);
    expect((await call(parley, 'DELETE', `nlp/agent/${mine}`, { token: otherToken })).code).toBe(1404);
    expect((await call(parley, 'POST', 'nlp/story', { token: otherToken, form: { agentId: mine, name: 'x' } })).code).toBe(1404);
    // The same name is free in another enterprise.
    expect((await save({ name: 'Private bot', description: 'd', type: 'nlp' }, otherToken)).code).toBe(100);
  });
});
