import { describe, expect, it } from 'vitest';
import { USERS_PAGE, validateUsersSearch } from './users-search.js';

describe('the users screen’s URL search', () => {
  it('keeps a well-formed search as it is', () => {
    expect(validateUsersSearch({ tab: 'invitations', name: 'asha', state: '2', from: String(USERS_PAGE * 2) })).toEqual({
      tab: 'invitations',
      name: 'asha',
      state: 2,
      from: USERS_PAGE * 2,
    });
  });

  it('drops what a hand-edited URL got wrong rather than sending it to the server', () => {
    expect(validateUsersSearch({ tab: 'everyone', name: '   ', state: '3', from: '-15' })).toEqual({});
    expect(validateUsersSearch({ state: 'active', from: 'two' })).toEqual({});
    expect(validateUsersSearch({ name: 42 })).toEqual({});
  });

  it('trims the name and caps it at 100 characters', () => {
    expect(validateUsersSearch({ name: '  ravi  ' })).toEqual({ name: 'ravi' });
    expect(validateUsersSearch({ name: 'x'.repeat(150) }).name).toHaveLength(100);
  });

  it('moves an offset inside a page back to that page’s first row', () => {
    expect(validateUsersSearch({ from: String(USERS_PAGE + 4) })).toEqual({ from: USERS_PAGE });
    expect(validateUsersSearch({ from: '4' })).toEqual({ from: 0 });
    expect(validateUsersSearch({ from: '1.5' })).toEqual({});
  });
});
