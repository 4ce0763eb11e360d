import { useState } from 'react';
import type { z } from 'zod';
import { fromServer, validate, type FieldErrors } from '../../../auth/form-errors.js';

/**
 * A dialog's form: values checked with the contract's own schema (so the texts match the server's to the letter),
 * then sent; a refusal puts the server's field errors on the fields and its message above them.
 */
export function useDialogForm<V extends Record<string, unknown>>(schema: z.ZodType, initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const set =
    <K extends keyof V>(field: K) =>
    (value: V[K]) =>
      setValues((v) => ({ ...v, [field]: value }));

  /** Resolves true when `run` succeeded. */
  const submit = async (extra: Record<string, unknown>, run: (values: V) => Promise<void>): Promise<boolean> => {
    const found = validate(schema, { ...extra, ...values });
    setErrors(found);
    setMessage('');
    if (Object.keys(found).length) return false;
    setBusy(true);
    try {
      await run(values);
      return true;
    } catch (e) {
      const refusal = fromServer(e);
      setErrors(refusal.fields);
      setMessage(refusal.message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { values, set, errors, message, busy, submit };
}
