import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ParleyError } from '@parley/sdk/parley-error';
import { Messages } from '@parley/sdk/contract/messages';
import { fromServer, invalid, validate } from './form-errors.js';

const schema = z.object({
  email: z.string().email('Enter a valid email').min(6, 'Too short'),
  password: z.string().min(8, 'At least 8 characters'),
});

describe('form errors', () => {
  it('checks a form with the schema and keeps each field’s first message', () => {
    expect(validate(schema, { email: 'x', password: 'short' })).toEqual({ email: 'Enter a valid email', password: 'At least 8 characters' });
    expect(validate(schema, { email: 'asha@example.com', password: 'long enough' })).toEqual({});
  });

  it('puts an error that names no field on the form', () => {
    const both = z.object({ a: z.string(), b: z.string() }).refine((v) => v.a === v.b, 'They differ');
    expect(validate(both, { a: 'x', b: 'y' })).toEqual({ form: 'They differ' });
  });

  it('turns a server refusal into field errors and the message above the form', () => {
    const refusal = new ParleyError(400, 'Check the form', [{ field: 'email', message: 'Email already registered' }], 400);
    expect(fromServer(refusal)).toEqual({ fields: { email: 'Email already registered' }, message: 'Check the form' });
  });

  it('shows anything else (a network failure, a bug) as the generic message, without field errors', () => {
    expect(fromServer(new TypeError('Failed to fetch'))).toEqual({ fields: {}, message: Messages.somethingWentWrong });
  });

  it('gives Spectrum the invalid state and message only for a field with an error', () => {
    expect(invalid({ email: 'Enter a valid email' }, 'email')).toEqual({ validationState: 'invalid', errorMessage: 'Enter a valid email' });
    expect(invalid({ email: 'Enter a valid email' }, 'password')).toEqual({});
  });
});
