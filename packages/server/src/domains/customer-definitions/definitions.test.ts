import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const SAVE_FAILED = 'Save Failed. Please check for errors in fields';
const REQUIRED = 'This field is required';

describe('customer attribute definitions', async () => {
  const parley = await startServer();
  const token = await login(parley);
  const save = (json: Record<string, unknown>, as = token) => call(parley, 'POST', 'customer/definition', { token: as, json });
  const list = async (as = token) => (await call(parley, 'GET', 'customer/definitions', { token: as })).data.inputFieldDefinitions as Record<string, unknown>[];
  const customRows = async () => (await list()).filter((d) => !d.builtIn);
  const base = {
    fieldName: 'city',
    fieldLabel: 'City',
    fieldType: 'text',
    inputType: 'alphabets',
    fieldHelptext: 'Where the customer lives',
    mandatory: false,
    search: true,
    validations: [
      { id: 'minValue', value: 2 },
      { id: 'maxValue', value: '40' },
      { id: 'allowSpecialChars', value: true },
      { id: 'allowedChars', value: ['-', "'"] },
    ],
    commaIncluded: true,
  };
  const errorsOf = (res: { errors?: { field: string; message: string }[] }) => res.errors ?? [];
  let cityId = '';

  it('lists the two built-in rows first, read-only', async () => {
    const rows = await list();
    expect(rows.slice(0, 2)).toMatchObject([
      {
        _id: 'phoneNumber',
        id: 'phoneNumber',
        fieldLabel: 'Phone Number',
        mandatory: true,
        builtIn: true,
        validations: expect.arrayContaining([{ id: 'minValue', value: 10 }]),
      },
      {
        _id: 'name',
        id: 'name',
        fieldLabel: 'Name',
        mandatory: true,
        builtIn: true,
        validations: expect.arrayContaining([
          { id: 'minValue', value: 2 },
          { id: 'maxValue', value: 30 },
        ]),
      },
    ]);
    expect((await call(parley, 'GET', 'customer/definitions/name', { token })).data.inputFieldDefinition).toMatchObject({ fieldName: 'name', builtIn: true });
    const edit = await save({ ...base, id: 'name', fieldName: 'fullName' });
    expect(edit).toMatchObject({ status: false, message: 'Built-in fields cannot be edited' });
    const del = await call(parley, 'DELETE', 'customer/definitions/phoneNumber', { token });
    expect(del).toMatchObject({ status: false, message: 'Built-in fields cannot be deleted' });
    const move = await call(parley, 'POST', 'customer/definition/reorder', { token, json: { fromIndex: -1, toIndex: 0 } });
    expect(move).toMatchObject({ status: false, message: 'Built-in fields cannot be moved' });
    expect(await save({ ...base, fieldName: 'PhoneNumber' })).toMatchObject({ status: false, message: SAVE_FAILED });
  });

  it('creates a text field and lists it with the spec field names', async () => {
    const saved = await save(base);
    expect(saved).toMatchObject({ status: true, code: 100, message: 'Field Saved Successfully' });
    cityId = saved.data.inputFieldDefinition._id as string;
    const rows = await list();
    expect(rows).toHaveLength(3);
    expect(rows[2]).toEqual({
      _id: cityId,
      id: cityId,
      fieldName: 'city',
      fieldLabel: 'City',
      fieldType: 'text',
      inputType: 'alphabets',
      fieldHelpText: 'Where the customer lives',
      mandatory: false,
      search: true,
      defaultValue: '',
      validations: [
        { id: 'minValue', value: 2 },
        { id: 'maxValue', value: 40 },
        { id: 'allowSpecialChars', value: true },
        { id: 'allowedChars', value: ['-', "'", ','] },
      ],
      commaIncluded: true,
      index: 0,
      builtIn: false,
    });
    const one = await call(parley, 'GET', `customer/definitions/${cityId}`, { token });
    expect(one.data.inputFieldDefinition).toEqual(rows[2]);
  });

  it('answers the empty form with the save-failed message and every required field', async () => {
    const res = await save({});
    expect(res).toMatchObject({ status: false, code: 1400, message: SAVE_FAILED });
    expect(res.httpStatus).toBe(400);
    const fields = Object.fromEntries(errorsOf(res).map((e) => [e.field, e.message]));
    expect(fields).toMatchObject({ fieldName: REQUIRED, fieldLabel: REQUIRED, fieldHelpText: REQUIRED, mandatory: REQUIRED, fieldType: REQUIRED });
    const blanks = await save({ fieldName: '  ', fieldLabel: ' ', fieldHelpText: '', mandatory: '', fieldType: ' ' });
    expect(errorsOf(blanks).map((e) => e.message)).toEqual([REQUIRED, REQUIRED, REQUIRED, REQUIRED, REQUIRED]);
    expect(errorsOf(await save({ ...base, fieldName: 'c2', inputType: '' }))).toEqual([{ field: 'inputType', message: REQUIRED }]);
  });

  it('applies the rules of the definition form', async () => {
    const textareaNumber = await save({ ...base, fieldName: 'notes', fieldType: 'textarea', inputType: 'number' });
    expect(textareaNumber).toMatchObject({
      status: false,
      message: SAVE_FAILED,
      errors: [{ field: 'inputType', message: 'Textarea allows only alphabets or alphanumeric' }],
    });
    const noValues = await save({ ...base, fieldName: 'tier', fieldType: 'selectbox-singlevalue', defaultValue: ' , ' });
    expect(noValues).toMatchObject({ status: false, message: SAVE_FAILED, errors: [{ field: 'defaultValue', message: REQUIRED }] });
    const minAboveMax = await save({
      ...base,
      fieldName: 'code',
      validations: [
        { id: 'minValue', value: 9 },
        { id: 'maxValue', value: 3 },
      ],
    });
    expect(minAboveMax).toMatchObject({
      status: false,
      message: SAVE_FAILED,
      errors: [{ field: 'validations.0.value', message: 'Min. characters must not be more than Max. characters' }],
    });
    const negative = await save({ ...base, fieldName: 'code', validations: [{ id: 'minValue', value: -1 }] });
    expect(errorsOf(negative)).toEqual([{ field: 'validations.0.value', message: 'Please enter a whole number of at least 0' }]);
    const badName = await save({ ...base, fieldName: 'home city' });
    expect(errorsOf(badName)[0]).toMatchObject({ field: 'fieldName' });
    const duplicate = await save({ ...base, fieldName: 'CITY' });
    expect(duplicate).toMatchObject({ status: false, message: SAVE_FAILED, errors: [{ field: 'fieldName', message: 'Field name already exists' }] });
  });

  it('clears inputType and validations for dropdowns and keeps their values', async () => {
    const saved = await save({
      ...base,
      fieldName: 'tier',
      fieldLabel: 'Tier',
      fieldType: 'selectbox-singlevalue',
      inputType: 'email',
      defaultValue: 'Gold, Silver ,Bronze,',
    });
    expect(saved.status).toBe(true);
    expect(saved.data.inputFieldDefinition).toMatchObject({
      inputType: null,
      defaultValue: 'Gold,Silver,Bronze',
      validations: [],
      commaIncluded: false,
      index: 1,
    });
    const multi = await save({ ...base, fieldName: 'hobbies', fieldType: 'selectbox-multiplevalue', defaultValue: ['Chess', 'Golf'] });
    expect(multi.data.inputFieldDefinition).toMatchObject({ inputType: null, defaultValue: 'Chess,Golf', index: 2 });
  });

  it('updates by id and keeps the index', async () => {
    const tier = (await customRows()).find((d) => d.fieldName === 'tier')!;
    const updated = await save({
      ...base,
      _id: tier._id,
      fieldName: 'tier',
      fieldLabel: 'Loyalty tier',
      fieldType: 'selectbox-singlevalue',
      defaultValue: 'Gold',
    });
    expect(updated).toMatchObject({ status: true, data: { inputFieldDefinition: { _id: tier._id, fieldLabel: 'Loyalty tier', index: 1 } } });
    expect((await customRows()).map((d) => d.fieldName)).toEqual(['city', 'tier', 'hobbies']);
    // Its own name is not a duplicate of itself, in any case.
    expect((await save({ ...base, id: cityId, fieldName: 'City' })).status).toBe(true);
  });

  it('moves a custom row and renumbers densely', async () => {
    const moved = await call(parley, 'POST', 'customer/definition/reorder', { token, json: { fromIndex: 0, toIndex: 2 } });
    expect(moved).toMatchObject({ status: true, message: 'Fields Reordered Successfully' });
    const rows = await list();
    expect(rows.slice(0, 2).map((d) => d.id)).toEqual(['phoneNumber', 'name']);
    expect(rows.slice(2).map((d) => [d.fieldName, d.index])).toEqual([
      ['tier', 0],
      ['hobbies', 1],
      ['City', 2],
    ]);
    const outside = await call(parley, 'POST', 'customer/definition/reorder', { token, form: { fromIndex: '0', toIndex: '3' } });
    expect(outside).toMatchObject({ status: false, message: 'Invalid position' });
  });

  it('keeps definitions within the enterprise', async () => {
    const other = await loginToOtherEnterprise(parley);
    expect((await list(other)).map((d) => d.id)).toEqual(['phoneNumber', 'name']);
    expect((await call(parley, 'GET', `customer/definitions/${cityId}`, { token: other })).code).toBe(1404);
    expect((await save({ ...base, id: cityId, fieldName: 'stolen' }, other)).code).toBe(1404);
    expect((await call(parley, 'DELETE', `customer/definitions/${cityId}`, { token: other })).code).toBe(1404);
    expect((await call(parley, 'GET', 'customer/definitions/not-an-id', { token })).code).toBe(1404);
    // The same field name is free in another enterprise.
    expect((await save(base, other)).status).toBe(true);
  });

  it('deletes a custom row and closes the gap', async () => {
    const hobbies = (await customRows()).find((d) => d.fieldName === 'hobbies')!;
    const res = await call(parley, 'DELETE', `customer/definitions/${hobbies.id as string}`, { token });
    expect(res).toMatchObject({ status: true, message: 'Field Deleted Successfully' });
    expect((await customRows()).map((d) => [d.fieldName, d.index])).toEqual([
      ['tier', 0],
      ['City', 1],
    ]);
    expect((await call(parley, 'DELETE', `customer/definitions/${hobbies.id as string}`, { token })).code).toBe(1404);
  });

  it('lets customer roles read but only the customer master change', async () => {
    const agent = await login(parley, 'agent@parley.dev');
    expect((await list(agent)).length).toBeGreaterThan(2);
    expect((await save({ ...base, fieldName: 'x1' }, agent)).code).toBe(1403);
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await call(parley, 'GET', 'customer/definitions', { token: viewer })).code).toBe(1403);
  });
});
