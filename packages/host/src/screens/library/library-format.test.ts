import { describe, expect, it, vi } from 'vitest';
import { ArtifactMessages } from '@parley/sdk/contract/artifact-texts';
import { ACCEPT, formatBytes, formatDay, refusalOf } from './library-format.js';

// The console's locale comes from the page; these shapes are en-GB's.
vi.stubGlobal('navigator', { language: 'en-GB' });

const MB = 1024 * 1024;
const fileOf = (name: string, size: number) => {
  const file = new File([], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('the image library’s file checks and formats', () => {
  it('refuses a file of a kind it cannot send, and one over its kind’s limit, in the server’s words', () => {
    expect(refusalOf(fileOf('notes.exe', 10))).toBe(ArtifactMessages.invalidFormat);
    expect(refusalOf(fileOf('photo.png', 6 * MB))).toBe('Image must be at most 5 MB');
    expect(refusalOf(fileOf('photo.png', 5 * MB))).toBeNull();
  });

  it('offers every allowed extension in the file chooser', () => {
    expect(ACCEPT.split(',')).toEqual(expect.arrayContaining(['.png', '.mp4', '.pdf']));
    expect(ACCEPT.split(',').every((ext) => /^\.[a-z0-9]+$/.test(ext))).toBe(true);
  });

  it('shows sizes in B, KB or MB', () => {
    expect([formatBytes(undefined), formatBytes(512), formatBytes(2048), formatBytes(1.25 * MB)]).toEqual(['', '512 B', '2 KB', '1.3 MB']);
  });

  it('shows a day as d MMM yyyy, and nothing for a date it cannot read', () => {
    expect(formatDay('2024-01-05T10:30:00Z')).toBe('5 Jan 2024');
    expect(formatDay('not a date')).toBe('');
  });
});
