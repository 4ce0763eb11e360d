import { describe, expect, it } from 'vitest';
import { soundToPlay } from '../../layout/chat-notifications/sound-settings.js';
import { audioFormOf, audioSettingsOf } from './audio-form.js';
import { attempts, holdsIconRule, outputMime, outputSize } from './picture-size.js';
import { recoveryFileText } from './recovery-file.js';
import { deviceName } from './session-device.js';

describe('picture crop sizes', () => {
  it('keeps JPEG as JPEG and PNG as PNG, and refuses other files', () => {
    expect(outputMime('image/jpeg')).toBe('image/jpeg');
    expect(outputMime('image/png')).toBe('image/png');
    expect(outputMime('image/gif')).toBeNull();
  });

  it('draws the crop at most 1024 px on its longer side and never enlarges it', () => {
    expect(outputSize({ width: 3000, height: 3000 })).toEqual({ width: 1024, height: 1024 });
    expect(outputSize({ width: 4000, height: 1000 })).toEqual({ width: 1024, height: 256 });
    expect(outputSize({ width: 300.4, height: 300.4 })).toEqual({ width: 300, height: 300 });
  });

  it('tries lower JPEG qualities before smaller sizes; PNG only shrinks', () => {
    expect(attempts('image/jpeg', 2000).slice(0, 4)).toEqual([
      { longest: 1024, quality: 0.9 },
      { longest: 1024, quality: 0.8 },
      { longest: 1024, quality: 0.7 },
      { longest: 768, quality: 0.9 },
    ]);
    expect(attempts('image/png', 200).map((a) => a.longest)).toEqual([200, 150, 112, 84]);
    expect(attempts('image/png', 40)).toEqual([{ longest: 40, quality: 1 }]);
  });

  it('holds the 50 kB and 1024 x 1024 rule', () => {
    expect(holdsIconRule(50 * 1024, { width: 1024, height: 1024 })).toBe(true);
    expect(holdsIconRule(50 * 1024 + 1, { width: 10, height: 10 })).toBe(false);
    expect(holdsIconRule(100, { width: 1025, height: 10 })).toBe(false);
  });
});

describe('audio settings form', () => {
  it('fills both sound types with defaults when the profile has none', () => {
    expect(audioFormOf({ enable: true, sounds: [] })).toEqual({
      enable: true,
      rows: { new_chat: { sound: 'newChat', repeat: 1, volume: 60 }, new_message: { sound: 'message', repeat: 1, volume: 60 } },
    });
  });

  it('keeps saved sounds, replacing unknown ones and clamping numbers', () => {
    const form = audioFormOf({
      enable: false,
      sounds: [
        { type: 'new_chat', sound: 'bell', repeat: 30, volume: 45.6 },
        { type: 'new_message', sound: 'invite', repeat: 2, volume: 80 },
      ],
    });
    expect(form.enable).toBe(false);
    expect(form.rows.new_chat).toEqual({ sound: 'newChat', repeat: 10, volume: 46 });
    expect(form.rows.new_message).toEqual({ sound: 'invite', repeat: 2, volume: 80 });
  });

  it('makes the chat widget play the sound picked for the event’s type', () => {
    const audio = audioSettingsOf({
      enable: true,
      rows: { new_chat: { sound: 'invite', repeat: 1, volume: 50 }, new_message: { sound: 'assign', repeat: 1, volume: 50 } },
    });
    expect(soundToPlay('transfer', audio)).toBe('invite');
    expect(soundToPlay('message', audio)).toBe('assign');
    expect(soundToPlay('transfer', { enable: true, sounds: [] })).toBe('transfer');
    expect(soundToPlay('newChat', { enable: true, sounds: [{ type: 'new_chat', sound: 'bell', repeat: 1, volume: 5 }] })).toBe('newChat');
  });

  it('stores one entry per type', () => {
    const form = audioFormOf(undefined);
    form.rows.new_message = { sound: 'assign', repeat: 3, volume: 100 };
    expect(audioSettingsOf(form)).toEqual({
      enable: true,
      sounds: [
        { type: 'new_chat', sound: 'newChat', repeat: 1, volume: 60 },
        { type: 'new_message', sound: 'assign', repeat: 3, volume: 100 },
      ],
    });
  });
});

describe('recovery file and session names', () => {
  it('writes one code a line under a heading', () => {
    const text = recoveryFileText(['aaaa-bbbb', 'cccc-dddd'], 'ann@parley.dev', new Date('2025-03-04T10:00:00Z'));
    expect(text.split('\n')).toEqual([
      'Parley recovery codes for ann@parley.dev',
      'Generated 2025-03-04. Each code signs you in once; keep them somewhere safe.',
      '',
      'aaaa-bbbb',
      'cccc-dddd',
      '',
    ]);
  });

  it('names a device by browser and system', () => {
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Windows');
    expect(deviceName(null)).toBe('Unknown device');
  });
});
