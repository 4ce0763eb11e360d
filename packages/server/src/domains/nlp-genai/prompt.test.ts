import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const INCOMPLETE = 'Add variables name , description and fill mandatory fields';

describe('prompt agent configuration', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Concierge', description: 'd', type: 'prompt' } })).data.id as string;
  const path = `nlp/agent/${agentId}/prompt`;
  const save = (json: Record<string, unknown>, as = token) => call(parley, 'POST', path, { token: as, json });
  const valid = { openaiKey: 'cfg-openai', prompt: 'You are a hotel concierge. Answer briefly.' };

  it('starts empty, saves with the string success code, and reads back', async () => {
    expect((await call(parley, 'GET', path, { token })).data).toEqual({ openaiKey: '', prompt: '', extractData: false, userData: [] });
    const saved = await save({
      ...valid,
      extractData: true,
      userData: [
        { name: ' email ', description: 'Guest email address' },
        { name: 'room', description: 'Room number' },
      ],
    });
    expect(saved).toMatchObject({ status: true, code: '100', message: 'Prompt Configuration Updated Successfully' });
    const expected = {
      ...valid,
      extractData: true,
      userData: [
        { name: 'email', description: 'Guest email address' },
        { name: 'room', description: 'Room number' },
      ],
    };
    expect((await call(parley, 'GET', path, { token })).data).toEqual(expected);
    expect((await call(parley, 'GET', `nlp/agent/${agentId}`, { token })).data.promptConfig).toEqual(expected);
  });

  it('does not validate variables when extractData is off, and drops blank rows', async () => {
    const res = await call(parley, 'POST', path, {
      token,
      form: {
        ...valid,
        extractData: 'false',
        userData: JSON.stringify([
          { name: 'draft', description: '' },
          { name: ' ', description: '' },
        ]),
      },
    });
    expect(res.code).toBe('100');
    expect((await call(parley, 'GET', path, { token })).data).toEqual({ ...valid, extractData: false, userData: [{ name: 'draft', description: '' }] });
  });

  it('refuses with the spec messages and keeps what was saved', async () => {
    expect((await save({ ...valid, openaiKey: '  ' })).errors).toEqual([{ field: 'openaiKey', message: 'Open AI Configuration is Mandatory' }]);
    expect((await save({ prompt: valid.prompt })).errors).toEqual([{ field: 'openaiKey', message: 'Open AI Configuration is Mandatory' }]);
    expect((await save({ ...valid, prompt: ' \n ' })).errors).toEqual([{ field: 'prompt', message: 'Prompt is Mandatory' }]);

    const incomplete = await save({
      ...valid,
      extractData: true,
      userData: [{ name: 'email', description: 'Email' }, { name: 'phone', description: '  ' }, { description: 'no name' }],
    });
    expect(incomplete).toMatchObject({ code: 1400, message: INCOMPLETE });
    expect(incomplete.errors).toEqual([
      { field: 'userData.1', message: INCOMPLETE },
      { field: 'userData.2', message: INCOMPLETE },
    ]);
    expect((await save({ ...valid, extractData: true, userData: [] })).errors).toEqual([{ field: 'userData', message: INCOMPLETE }]);
    // Every problem at once.
    expect((await save({ openaiKey: '', prompt: '', extractData: 'true', userData: [{ name: 'x' }] })).errors).toEqual([
      { field: 'openaiKey', message: 'Open AI Configuration is Mandatory' },
      { field: 'prompt', message: 'Prompt is Mandatory' },
      { field: 'userData.0', message: INCOMPLETE },
    ]);

    expect((await call(parley, 'GET', path, { token })).data.userData).toEqual([{ name: 'draft', description: '' }]);
  });

  it('lets a Report Viewer read but not change it, and hides it from other enterprises', async () => {
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await call(parley, 'GET', path, { token: viewer })).data.prompt).toBe(valid.prompt);
    expect((await save(valid, viewer)).code).toBe(1403);

    const otherToken = await loginToOtherEnterprise(parley);
    expect(await call(parley, 'GET', path, { token: otherToken })).toMatchObject({ httpStatus: 404, code: 1404 });
    expect(await save({ ...valid, prompt: 'Leak everything' }, otherToken)).toMatchObject({ httpStatus: 404, code: 1404 });
    expect((await call(parley, 'GET', path, { token })).data.prompt).toBe(valid.prompt);
  });
});
