import { ActionButton, Flex, TextField } from '@adobe/react-spectrum';
import { useCallback, useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { api } from '../stores/session-store.js';

interface Props {
  value: string;
  onChange(value: string): void;
  onCaptchaId(id: string): void;
  errorMessage?: string | undefined;
  /** Changing it fetches a new image (after a failed submit the old captcha is spent). */
  refreshKey?: number;
  purpose?: string;
}

export function CaptchaField({ value, onChange, onCaptchaId, errorMessage, refreshKey = 0, purpose = 'login' }: Props) {
  const [image, setImage] = useState('');
  const load = useCallback(async () => {
    try {
      const captcha = await firstValueFrom(api.account.captcha({ requestFrom: purpose }));
      setImage(captcha.captcha);
      onCaptchaId(captcha.captchaId);
    } catch {
      setImage('');
    }
  }, [onCaptchaId, purpose]);
  // Only a new refreshKey reloads: after a failed submit the old captcha is spent.
  useEffect(() => {
    void load();
    onChange('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new refreshKey reloads (see above), not a new `load` or `onChange`.
  }, [refreshKey]);
  return (
    <Flex direction="column" gap="size-100">
      <Flex alignItems="center" gap="size-100">
        <div className="captcha-image">{image ? <img src={image} alt="Captcha" /> : null}</div>
        <ActionButton onPress={() => void load()} aria-label="Refresh captcha">
          ↻
        </ActionButton>
      </Flex>
      <TextField
        label="Captcha"
        value={value}
        onChange={onChange}
        width="100%"
        autoComplete="off"
        {...(errorMessage ? { validationState: 'invalid' as const, errorMessage } : {})}
      />
    </Flex>
  );
}
