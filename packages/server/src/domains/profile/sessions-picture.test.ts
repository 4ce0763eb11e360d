import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';

const PICTURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('my sessions and my picture', async () => {
  const parley = await startServer();

  it('lists only the caller’s live sessions, marking the current one', async () => {
    const here = await login(parley, 'checker@parley.dev');
    await login(parley, 'checker@parley.dev');
    await login(parley, 'maker@parley.dev');
    const list = await call(parley, 'GET', 'e/enterprise/profile/sessions', { token: here });
    expect(list.data).toHaveLength(2);
    expect(list.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ createdAt: expect.any(String), lastSeenAt: expect.any(String), method: 'password' });
  });

  it('signs out the other sessions and keeps this one', async () => {
    const here = await login(parley, 'developer@parley.dev');
    const other = await login(parley, 'developer@parley.dev');
    const colleague = await login(parley, 'viewer@parley.dev');
    const ended = await call(parley, 'POST', 'e/enterprise/profile/sessions/end_others', { token: here });
    expect(ended).toMatchObject({ code: 100, data: { ended: 1 }, message: 'Your other session was signed out' });
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: here })).code).toBe(100);
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: other })).code).toBe(1401);
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: colleague })).code).toBe(100);
    expect((await call(parley, 'GET', 'e/enterprise/profile/sessions', { token: here })).data).toHaveLength(1);
  });

  it('sets the cropped picture within the 50 kB rule and removes it', async () => {
    const token = await login(parley, 'agent@parley.dev');
    const set = await call(parley, 'PUT', 'e/enterprise/profile/picture', { token, form: { picture: PICTURE } });
    expect(set.data.iconUrl).toBe(PICTURE);
    const gif = await call(parley, 'PUT', 'e/enterprise/profile/picture', { token, form: { picture: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' } });
    expect(gif.errors).toEqual([{ field: 'picture', message: 'Invalid file format' }]);
    const big = `data:image/jpeg;base64,${Buffer.alloc(51 * 1024).toString('base64')}`;
    expect((await call(parley, 'PUT', 'e/enterprise/profile/picture', { token, form: { picture: big } })).errors).toEqual([
      { field: 'picture', message: 'Image must be within 1024 x 1024 resoultion and maximum size should be 50kb' },
    ]);
    expect((await call(parley, 'DELETE', 'e/enterprise/profile/picture', { token })).data.iconUrl).toBeNull();
  });
});
