import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { postMultipart } from '../../test/multipart.js';
import { uploadFinished } from '../../test/upload-events.js';

// The sample file imports cleanly whatever the definitions ask; a textarea takes line breaks (form and file); the
// error list names each field's error one way.
describe('the sample file, textarea lines and the error list’s wording', async () => {
  const parley = await startServer({ jobs: true });
  const token = await login(parley);
  const define = async (json: Record<string, unknown>) => {
    const res = await call(parley, 'POST', 'customer/definition', { token, json: { fieldHelpText: 'help', mandatory: true, search: false, ...json } });
    expect(res, JSON.stringify(res)).toMatchObject({ status: true });
    return res.data.inputFieldDefinition._id as string;
  };
  const bounds = (min: number | null, max: number | null) => [
    ...(min === null ? [] : [{ id: 'minValue', value: min }]),
    ...(max === null ? [] : [{ id: 'maxValue', value: max }]),
  ];
  await define({ fieldName: 'pincode', fieldLabel: 'PIN code', fieldType: 'text', inputType: 'alphanumeric', validations: bounds(6, 6) });
  await define({ fieldName: 'visits', fieldLabel: 'Visits', fieldType: 'text', inputType: 'number', mandatory: false });
  await define({ fieldName: 'code', fieldLabel: 'Member code', fieldType: 'text', inputType: 'alphanumeric', validations: bounds(12, 20) });
  await define({ fieldName: 'initials', fieldLabel: 'Initials', fieldType: 'text', inputType: 'alphabets', validations: bounds(1, 3) });
  await define({ fieldName: 'mail', fieldLabel: 'Mail', fieldType: 'text', inputType: 'email', validations: bounds(null, 8) });
  await define({ fieldName: 'ratio', fieldLabel: 'Ratio', fieldType: 'text', inputType: 'decimal' });
  await define({ fieldName: 'colours', fieldLabel: 'Colours', fieldType: 'selectbox-multiplevalue', defaultValue: 'Red,Green,Blue' });
  const notesId = await define({
    fieldName: 'notes',
    fieldLabel: 'Notes',
    fieldType: 'textarea',
    inputType: 'alphanumeric',
    mandatory: false,
    validations: bounds(null, 200),
  });
  const segment = (await call(parley, 'POST', 'customer/tag', { token, json: { name: 'Sample' } })).data.tag.id as string;

  const importFile = async (content: string | Uint8Array) => {
    const up = await postMultipart(parley, 'customer/upload', {
      token,
      fields: { segmentId: segment },
      files: [{ field: 'file', name: 'sample.csv', content, type: 'text/csv' }],
    });
    expect(up).toMatchObject({ status: true });
    const { systemHeaders, userHeaders } = up.data.parsedHeaders as { systemHeaders: { id: string; label: string }[]; userHeaders: string[] };
    // Mapped as the screen pre-matches the sample's columns: each header is a field's label.
    const headerMapping = userHeaders.map((src) => ({ src, des: systemHeaders.find((h) => h.label === src)?.id ?? '' }));
    const done = uploadFinished(parley, up.data.uploadId);
    expect(await call(parley, 'POST', 'customer/upload/mapping', { token, json: { uploadId: up.data.uploadId, headerMapping } })).toMatchObject({
      status: true,
    });
    const upload = await done;
    const errors = (await call(parley, 'GET', `customer/uploads/${up.data.uploadId}/errors`, { token })).data.customers.customers;
    return { upload, errors: errors.map((e: { line: number; errors: { message: string }[] }) => [e.line, ...e.errors.map((m) => m.message)]) };
  };

  it('makes a sample whose row passes every definition’s rules, and imports it with no error', async () => {
    const res = await parley.app.inject({ method: 'GET', url: '/api/customer/upload/sample', headers: { 'authentication-token': token } });
    const { upload, errors } = await importFile(res.body);
    expect(errors).toEqual([]);
    expect(upload).toMatchObject({ state: 'COMPLETED', acceptedLines: 1, errorLines: 0 });
  });

  it('keeps a textarea’s line breaks, from the form and from a file, and still refuses them in a one-line field', async () => {
    const saved = await call(parley, 'POST', 'customer/customer', {
      token,
      json: {
        name: 'Asha Rao',
        phoneNumber: '+919876540001',
        data: JSON.stringify([{ id: notesId, value: 'Called twice\r\nPrefers mornings' }]),
        pincode: '560001',
      },
    });
    // Mandatory fields the form leaves out are refused; the notes are not among the reasons.
    expect(JSON.stringify(saved.errors ?? [])).not.toContain('Notes');
    const file =
      'Phone Number,Name,PIN code,Member code,Initials,Mail,Ratio,Colours,Notes\r\n+919876540002,Ravi Kumar,560001,ABC123456789,RK,r@k.in,12,Red,"Line one\r\nLine two"\r\n';
    const { errors } = await importFile(file);
    expect(errors).toEqual([]);
    const ravi = (await call(parley, 'GET', 'customer/customers?search=919876540002', { token })).data.customers.customers[0];
    const full = (await call(parley, 'GET', `customer/customers/${ravi.id}`, { token })).data.customer;
    expect(full.data).toContainEqual({ id: notesId, value: 'Line one\nLine two' });
    const oneLine = 'Phone Number,Name,PIN code,Member code,Initials,Mail,Ratio,Colours\r\n+919876540003,Meera,560001,"ABC123\r\n456789",RK,r@k.in,12,Red\r\n';
    expect((await importFile(oneLine)).errors).toEqual([[2, 'Member code: Only letters and digits are allowed']]);
  });

  it('names the field of every field’s error in the error list as "{label}: message"', async () => {
    const file = [
      'Phone Number,Name,PIN code,Member code,Initials,Mail,Ratio,Colours,Visits',
      '+919876540011,A,5600011,short,R2D,nope,1.5x,Purple,3',
      '12,Asha,560001,ABC123456789,RK,r@k.in,12,"Red,Blue",three',
    ].join('\r\n');
    expect((await importFile(file)).errors).toEqual([
      [
        2,
        'Name: Minimum length must be 2 characters.',
        'PIN code: Maximum length must be 6 characters.',
        'Member code: Minimum length must be 12 characters.',
        'Initials: Only letters are allowed',
        'Mail: Must be a valid email address',
        'Ratio: Must be a decimal number',
        'Colours: Purple is not one of its options',
      ],
      [3, 'Phone Number: Please enter a valid phone number with country code', 'Visits: Must be a number'],
    ]);
  });
});
