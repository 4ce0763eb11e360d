import { useState } from 'react';
import type { z } from 'zod';
import { fromServer, validate, type FieldErrors } from './form-errors.js';

/** A form's schema, or a loader for it when the contract (and zod) must stay off the first paint. */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * The state every signed-out form shares: values, field errors from the contract's own schema or from the server,
 * a message above the form, a busy flag, and a captcha that is spent (refreshed) by every refused submit.
 */
export function useAuthForm<V extends Record<string, string | boolean>>(schema: SchemaSource, initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);

  const set = (field: keyof V) => (value: string | boolean) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (run: (values: V) => Promise<void>, onRefused?: () => void) => {
    let found: FieldErrors;
    try {
      found = validate(typeof schema === 'function' ? await schema() : schema, values);
    } catch (e) {
      // The contract could not load (network): nothing was sent, the form stays as it is.
      setMessage(fromServer(e).message);
      return;
    }
    setErrors(found);
    setMessage('');
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await run(values);
    } catch (e) {
      const refusal = fromServer(e);
      setErrors(refusal.fields);
      setMessage(refusal.message);
      setCaptchaKey((k) => k + 1);
      onRefused?.();
    } finally {
      setBusy(false);
    }
  };

  return { values, set, errors, setErrors, message, setMessage, busy, captchaKey, refreshCaptcha: () => setCaptchaKey((k) => k + 1), submit };
}
