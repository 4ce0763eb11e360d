import { describe, expect, it } from 'vitest';
import { HIDDEN_ROLE_CONFIG_GROUPS, ROLE_PERMISSIONS } from '@parley/sdk/contract/permissions';
import { DEFAULT_FEATURES } from '../../config.js';
import { call, DEMO_PASSWORD, login, startServer } from '../../test/harness.js';

describe('profile and role configuration', async () => {
  const parley = await startServer();

  it('updates the name, refusing whitespace-only values', async () => {
    const token = await login(parley, 'agent@parley.dev');
    expect((await call(parley, 'PUT', 'e/enterprise/profile', { token, form: { name: '   ' } })).errors).toEqual([
      { field: 'name', message: 'This field is mandatory.' },
    ]);
    expect((await call(parley, 'PUT', 'e/enterprise/profile', { token, form: { name: ' Ann' } })).errors?.[0]?.field).toBe('name');
    expect((await call(parley, 'PUT', 'e/enterprise/profile', { token, form: { name: 'Ann Agent' } })).data.name).toBe('Ann Agent');
    expect((await call(parley, 'GET', 'e/enterprise/users/me', { token })).data.name).toBe('Ann Agent');
  });

  it('saves notification and sound settings sent as a form or as JSON', async () => {
    const token = await login(parley, 'agent@parley.dev');
    const audioSettings = { enable: true, sounds: [{ type: 'new_chat', sound: 'bell', repeat: 2, volume: 80 }] };
    const asForm = await call(parley, 'PUT', 'e/enterprise/profile/audio', {
      token,
      form: { enableChatNotification: 'false', enablePushNotification: 'true', audioSettings: JSON.stringify(audioSettings) },
    });
    expect(asForm.data).toMatchObject({ enableChatNotification: false, enablePushNotification: true, audioSettings });
    const asJson = await call(parley, 'PUT', 'e/enterprise/profile/audio', {
      token,
      json: { enableChatNotification: true, enablePushNotification: false, audioSettings: { ...audioSettings, enable: false } },
    });
    expect(asJson.data.audioSettings.enable).toBe(false);
    expect(
      (
        await call(parley, 'PUT', 'e/enterprise/profile/audio', {
          token,
          json: {
            enableChatNotification: true,
            enablePushNotification: false,
            audioSettings: { enable: true, sounds: [{ type: 'x', sound: 'y', repeat: 1, volume: 500 }] },
          },
        })
      ).code,
    ).toBe(1400);
  });

  it('changes the password with the old one, keeping this session and ending the others', async () => {
    const here = await login(parley, 'checker@parley.dev');
    const elsewhere = await login(parley, 'checker@parley.dev');
    const wrong = await call(parley, 'PUT', 'e/enterprise/change_password', {
      token: here,
      form: { oldPassword: 'nope', password: 'checker-new-pass', confirmPassword: 'checker-new-pass' },
    });
    expect(wrong.code).toBe(1400);
    const ok = await call(parley, 'PUT', 'e/enterprise/change_password', {
      token: here,
      form: { oldPassword: DEMO_PASSWORD, password: 'checker-new-pass', confirmPassword: 'checker-new-pass' },
    });
    expect(ok.code).toBe(100);
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: here })).code).toBe(100);
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: elsewhere })).code).toBe(1401);
  });

  it('gives each role its permissions; the role config hides the hidden groups', async () => {
    const viewer = await call(parley, 'GET', 'e/enterprise/profile/', { token: await login(parley, 'viewer@parley.dev') });
    expect([...viewer.data.permissions].sort()).toEqual([...ROLE_PERMISSIONS[6]].sort());
    const config = await call(parley, 'GET', 'e/enterprise/roles/permissions', { token: await login(parley) });
    const groups = config.data.map((g: { id: string }) => g.id);
    for (const hidden of HIDDEN_ROLE_CONFIG_GROUPS) expect(groups).not.toContain(hidden);
    expect(groups).toEqual(expect.arrayContaining(['CHAT', 'CAMPAIGNS', 'USERS', 'FLOW']));
    const denied = await call(parley, 'GET', 'e/enterprise/roles/permissions', { token: await login(parley, 'viewer@parley.dev') });
    expect(denied).toMatchObject({ httpStatus: 200, status: false, code: 1403, message: 'Access Denied' });
  });

  it('drops a feature-flag permission from users and role config while its flag is off', async () => {
    const noFlows = await startServer({ features: { ...DEFAULT_FEATURES, 'FLOW.VIEW': false } });
    const token = await login(noFlows);
    const config = await call(noFlows, 'GET', 'e/enterprise/roles/permissions', { token });
    expect(config.data.map((g: { id: string }) => g.id)).not.toContain('FLOW');
    expect((await call(noFlows, 'GET', 'e/enterprise/profile/', { token })).data.permissions).not.toContain('FLOW.VIEW');
  });
});
