import { expect } from '@esm-bundle/chai';
import { chatTimes } from './chat-times.js';

// The inbox's times are left to the locale by the specs: the element's lang decides how they read.
describe("the inbox's times", () => {
  const now = new Date(2024, 0, 9, 18, 0);

  it("writes an older chat's day month first in en-US and day first in en-GB", () => {
    expect(chatTimes('en-US').row(new Date(2024, 0, 5, 10, 30).toISOString(), now)).to.equal('Jan 5');
    expect(chatTimes('en-GB').row(new Date(2024, 0, 5, 10, 30).toISOString(), now)).to.equal('5 Jan');
  });

  it("writes today's chats and bubbles as a clock: 12-hour in en-US, 24-hour in en-GB", () => {
    const today = new Date(2024, 0, 9, 15, 4).toISOString();
    expect(chatTimes('en-US').row(today, now)).to.match(/^3:04\sPM$/);
    expect(chatTimes('en-GB').clock(today)).to.equal('15:04');
  });

  it('writes nothing for a time it cannot read', () => {
    expect(chatTimes('en-GB').row('not a time', now)).to.equal('');
    expect(chatTimes('en-US').moment('')).to.equal('');
  });
});
