import { describe, expect, it } from 'vitest';
import { dayRange, filtersOf } from './report-query.js';
import { validateAuditSearch, validateDeliverySearch } from './report-search.js';

const UID = '0b8f6a4e-1f6b-4c55-9a43-2f7e0f1d2c3a';

describe('the reports’ search params', () => {
  it('keeps the audit trail’s valid filters and drops odd ones', () => {
    expect(validateAuditSearch({ uId: UID, action: ' PUT ', object: '', fromDate: '2026-01-02', toDate: '2026-01-31', from: '32', extra: 'x' })).toEqual({
      uId: UID,
      action: 'PUT',
      fromDate: '2026-01-02',
      toDate: '2026-01-31',
      from: 30,
    });
    expect(validateAuditSearch({ uId: 'nobody', fromDate: '2026-02-31', from: '-5' })).toEqual({});
  });

  it('drops days in the wrong order rather than asking for an empty page', () => {
    expect(validateAuditSearch({ fromDate: '2026-02-10', toDate: '2026-02-01' })).toEqual({});
  });

  it('keeps the delivery report’s source, status (any case), channel and texts', () => {
    expect(validateDeliverySearch({ source: 'chat', status: 'read', channelId: UID, customerNumber: ' +91 98 ', messageId: 'wamid.X', from: '15' })).toEqual({
      source: 'chat',
      status: 'READ',
      channelId: UID,
      customerNumber: '+91 98',
      messageId: 'wamid.X',
      from: 15,
    });
    expect(validateDeliverySearch({ source: 'sms', status: 'lost', channelId: 'c1' })).toEqual({});
  });

  it('sends whole days in the viewer’s zone as ISO instants, without the page', () => {
    expect(dayRange({ fromDate: '2026-01-02', toDate: '2026-01-02' }, 'Asia/Kolkata')).toEqual({
      fromDate: '2026-01-01T18:30:00.000Z',
      toDate: '2026-01-02T18:29:59.999Z',
    });
    expect(filtersOf({ source: 'broadcast' as const, from: 30 })).toEqual({ source: 'broadcast' });
  });
});
