import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromParam, nameParam, searchParser, sortParams, sortRows, sortSearch, tableSort } from './list-search.js';

const rows = [
  { name: 'item 10', on: '2024-03-01T10:00:00Z' },
  { name: 'Item 9', on: '2024-01-01T10:00:00Z' },
  { name: 'alpha', on: '2024-03-01T10:00:00Z' },
];
const KEYS = { name: (r: (typeof rows)[number]) => r.name, on: (r: (typeof rows)[number]) => r.on };

describe('sorting the loaded page', () => {
  it('orders names as people read them: case aside, numbers by value', () => {
    expect(sortRows(rows, { column: 'name', direction: 'ascending' }, KEYS).map((r) => r.name)).toEqual(['alpha', 'Item 9', 'item 10']);
    expect(sortRows(rows, { column: 'name', direction: 'descending' }, KEYS).map((r) => r.name)).toEqual(['item 10', 'Item 9', 'alpha']);
  });

  it('orders dates, and keeps the server order for ties, for no sort and for a column it cannot sort', () => {
    expect(sortRows(rows, { column: 'on', direction: 'descending' }, KEYS).map((r) => r.name)).toEqual(['item 10', 'alpha', 'Item 9']);
    expect(sortRows(rows, undefined, KEYS)).toEqual(rows);
    expect(sortRows(rows, { column: 'status', direction: 'ascending' }, KEYS)).toEqual(rows);
  });

  it('keeps a table sort in the URL as sort and dir, ascending being no dir at all', () => {
    expect(sortSearch({ column: 'name', direction: 'descending' }, KEYS)).toEqual({ sort: 'name', dir: 'desc' });
    expect(sortSearch({ column: 'name', direction: 'ascending' }, KEYS)).toEqual({ sort: 'name', dir: undefined });
    expect(sortSearch({ column: 'actions', direction: 'ascending' }, KEYS).sort).toBeUndefined();
    expect(tableSort({ sort: 'on', dir: 'desc' })).toEqual({ column: 'on', direction: 'descending' });
    expect(tableSort({})).toBeUndefined();
  });
});

describe('a list search read from a URL', () => {
  const parse = searchParser(z.object({ name: nameParam, from: fromParam(20), ...sortParams(['name', 'on']) }));

  it('drops what it cannot use and keeps the rest', () => {
    expect(parse({ name: '  ada ', from: 45, sort: 'on', dir: 'desc' })).toEqual({ name: 'ada', from: 40, sort: 'on', dir: 'desc' });
    expect(parse({ name: '   ', from: -20, sort: 'status', dir: 'down' })).toEqual({});
    expect(parse({ from: 'abc' })).toEqual({});
    expect(parse({ from: 10 })).toEqual({});
    expect(parse({ from: 10_000_020 })).toEqual({});
  });

  it('reads a name the router took for a number, and is empty for a search that is no object', () => {
    expect(parse({ name: 123 })).toEqual({ name: '123' });
    expect(parse('from=20')).toEqual({});
    expect(parse(undefined)).toEqual({});
  });

  it('cuts a long name to 100 characters', () => {
    expect(parse({ name: 'x'.repeat(150) }).name).toHaveLength(100);
  });
});
