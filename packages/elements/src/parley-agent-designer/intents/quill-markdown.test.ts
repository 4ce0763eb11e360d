import { expect } from '@esm-bundle/chai';
import { deltaToMarkdown } from './quill-markdown.js';

describe('response editor to markdown', () => {
  it('keeps bold, italic, underline, strikethrough and lists as markdown', () => {
    const md = deltaToMarkdown([
      { insert: 'Our ' },
      { insert: 'hours', attributes: { bold: true } },
      { insert: ' are ' },
      { insert: 'long', attributes: { italic: true } },
      { insert: ' and ' },
      { insert: 'fixed', attributes: { underline: true } },
      { insert: ', not ' },
      { insert: 'short', attributes: { strike: true } },
      { insert: '\nMon-Fri' },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: 'Sat' },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: 'first' },
      { insert: '\n', attributes: { list: 'ordered' } },
      { insert: 'second' },
      { insert: '\n', attributes: { list: 'ordered' } },
    ]);
    expect(md).to.equal('Our **hours** are *long* and ++fixed++, not ~~short~~\n\n- Mon-Fri\n- Sat\n\n1. first\n2. second');
  });

  it('escapes what the author typed so it is not read as markup', () => {
    expect(deltaToMarkdown([{ insert: 'a *star* and [link](x)\n' }])).to.equal('a \\*star\\* and \\[link\\](x)');
  });
});
