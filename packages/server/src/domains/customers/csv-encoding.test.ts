import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { guessDelimiter } from './csv-delimiter.js';
import { CsvDecoder, SAMPLE_BYTES } from './csv-encoding.js';

const TEXT = 'Mobile,Full Name,City\r\n+919876500001,José Núñez,Pune\r\n+919876500002,प्रिया शर्मा,Delhi\r\n+919876500003,François “Frank” Müller – €,Goa\r\n';

/** The UTF-8 the decoder makes of `bytes` fed in pieces of `size`, and what it found. */
function decode(bytes: Uint8Array, size: number) {
  const decoder = new CsvDecoder();
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(decoder.push(bytes.subarray(i, i + size)));
  out.push(decoder.end());
  return { text: Buffer.concat(out).toString('utf8'), encoding: decoder.encoding, problem: decoder.problem };
}

describe('CsvDecoder', () => {
  it('reads UTF-16 with either BOM, and UTF-8 with or without one, in pieces of any size', () => {
    const files: [string, Uint8Array][] = [
      ['UTF-16LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')])],
      ['UTF-16BE', iconv.encode(TEXT, 'utf16-be', { addBOM: true })],
      ['UTF-8', Buffer.from(TEXT)],
      ['UTF-8', Buffer.from(`\uFEFF${TEXT}`)],
    ];
    for (const [encoding, bytes] of files) {
      for (const size of [1, 3, 7, 1 << 20]) {
        const got = decode(bytes, size);
        expect({ encoding, size, ...got, text: got.text.replace(/^\uFEFF/, '') }).toEqual({ encoding, size, text: TEXT, problem: undefined });
      }
    }
  });

  it('reads Windows-1252 (what chardet calls ISO-8859-1), curly quotes and the euro sign included', () => {
    const latin = 'Mobile;Full Name;City\r\n+919876500001;José Núñez;Pune\r\n+919876500003;François “Frank” Müller – €;Goa\r\n';
    const got = decode(iconv.encode(latin, 'windows-1252'), 5);
    expect(got).toEqual({ text: latin, encoding: 'windows-1252', problem: undefined });
  });

  it('reads the single-byte encodings of Central and Eastern Europe, and GB18030, by chardet', () => {
    const files: [string, string][] = [
      ['windows-1257', `Vardas;Miestas\n${'Žygimantas Šimkus;Kaunas\nAušra Čėsnienė;Vilnius\n'.repeat(30)}`],
      ['windows-1251', `Имя;Город\n${'Иван Петров;Москва\nАнна Смирнова;Казань\n'.repeat(30)}`],
      ['windows-1250', `Imię;Miasto\n${'Łukasz Żółć;Kraków\nMałgorzata Ślęzak;Gdańsk\n'.repeat(30)}`],
      ['GB18030', `姓名,城市\n${'张伟,北京\n李娜,上海\n'.repeat(30)}`],
    ];
    for (const [encoding, text] of files) expect(decode(iconv.encode(text, encoding), 1000)).toEqual({ text, encoding, problem: undefined });
  });

  it('reads UTF-16 without a BOM from where its zero bytes fall', () => {
    expect(decode(Buffer.from(TEXT, 'utf16le'), 4)).toMatchObject({ text: TEXT, encoding: 'UTF-16LE' });
    expect(decode(iconv.encode(TEXT, 'utf16-be'), 4)).toMatchObject({ text: TEXT, encoding: 'UTF-16BE' });
  });

  const asciiStart = `Mobile,Full Name\n${'+919876500001,Asha Rao\n'.repeat(Math.ceil(SAMPLE_BYTES / 23) + 10)}`;

  it('decides on the first byte that is not ASCII, however far down: a Windows-1252 export with its first accent on line 2,862', () => {
    const tail = '+919876500002,José Núñez\n+919876500003,Zoë\n';
    for (const size of [1000, 1 << 20])
      expect(decode(iconv.encode(asciiStart + tail, 'windows-1252'), size)).toEqual({ text: asciiStart + tail, encoding: 'windows-1252', problem: undefined });
  });

  it('refuses a UTF-8 file with another encoding further down, naming its line, rather than storing replacement characters', () => {
    const start = `${asciiStart}+919876500004,प्रिया शर्मा\n${'+919876500001,Asha Rao\n'.repeat(Math.ceil(SAMPLE_BYTES / 23))}`;
    const lines = start.split('\n').length;
    const bytes = Buffer.concat([Buffer.from(start), iconv.encode('+919876500002,José\n', 'windows-1252')]);
    for (const size of [1000, 1 << 20]) {
      expect(decode(bytes, size)).toMatchObject({
        encoding: 'UTF-8',
        problem: `Line ${lines} is not UTF-8 text, as the lines before it are: save the file as CSV UTF-8 and upload it again`,
      });
    }
  });

  it('refuses an unpaired surrogate in UTF-16 rather than storing a replacement character', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('a,b\n1,', 'utf16le'),
      Buffer.from([0x00, 0xd8, 0x41, 0x00]),
      Buffer.from('\n', 'utf16le'),
    ]);
    expect(decode(bytes, 3).problem).toBe('Line 2 has bytes that are not UTF-16LE text: save the file as CSV UTF-8 and upload it again');
  });

  it('refuses binary files as not text', () => {
    let seed = 7;
    const binary = new Uint8Array(4096).map(() => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16);
    expect(decode(binary, 100).problem).toBe('The file is not text: please upload a csv file');
  });
});

describe('guessDelimiter', () => {
  it('finds the delimiter that gives every line the header’s fields, quoted values and a cut last line notwithstanding', () => {
    expect(guessDelimiter('name;phone;PIN code\nJosé;+91 98765;560001\n')).toBe(';');
    expect(guessDelimiter('Name;Amount\n"Rao, Asha";"1,5"\nB;2,5\n')).toBe(';');
    expect(guessDelimiter('a\tb\tc\n1\t2\t3\n4\t5')).toBe('\t');
    expect(guessDelimiter('a|b\n1|2\n')).toBe('|');
    expect(guessDelimiter('name,phone\n"Rao; Asha",1\n')).toBe(',');
    expect(guessDelimiter('\uFEFFname;phone\n')).toBe(';');
    // One column: nothing to choose, the comma.
    expect(guessDelimiter('name\nAsha\n')).toBe(',');
  });
});
