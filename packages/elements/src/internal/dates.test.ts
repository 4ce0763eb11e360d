import { expect } from '@esm-bundle/chai';
import { formatCardDate, formatDay, formatListDate, formatRowDate } from './dates.js';

// The specs' formats, for local times (no zone in the ISO text), so the viewer's zone does not matter.
describe('the date formats of the specs', () => {
  it('writes lists, cards, conversation rows and report days as their specs show them', () => {
    expect(formatListDate('2024-01-05T10:30:00')).to.equal('5 Jan 2024 10:30 am');
    expect(formatListDate('2024-09-15T12:00:00')).to.equal('15 Sep 2024 12:00 pm');
    expect(formatListDate(null)).to.equal('');
    expect(formatListDate('not a date')).to.equal('');
    expect(formatCardDate('2024-01-05T00:05:00')).to.equal('05 Jan 2024 12:05 AM');
    expect(formatCardDate('2024-06-05T23:59:00')).to.equal('05 Jun 2024 11:59 PM');
    expect(formatRowDate('2024-09-15T23:59:59')).to.equal('15-09-2024 23:59:59');
    expect(formatRowDate('2024-01-05T00:05:09')).to.equal('05-01-2024 00:05:09');
    expect(formatDay('2026-11-24')).to.equal('24 Nov');
    expect(formatDay('2026-09-03', true)).to.equal('3 Sep 2026');
    expect(formatDay('week 3')).to.equal('week 3');
  });
});
