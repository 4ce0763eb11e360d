import { Button, ButtonGroup, Content, Dialog, Divider, Form, Heading, Text, TextField } from '@adobe/react-spectrum';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { Messages } from '@parley/sdk/contract/messages';
import { fromServer } from '../../auth/form-errors.js';
import { api } from '../../stores/session-store.js';

interface Props {
  enrolment: { secret: string; otpauthUrl: string; password: string };
  onVerified(recoveryCodes: string[]): void;
  close(): void;
}

/** Secrets are shown in groups of four so they can be typed into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** TOTP enrolment: scan the QR code (or type the secret), then prove it with a code; only then is it switched on. */
export function TotpEnrolDialog({ enrolment, onVerified, close }: Props) {
  const [qr, setQr] = useState<string>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void toDataURL(enrolment.otpauthUrl, { margin: 1, width: 200, errorCorrectionLevel: 'M' }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [enrolment.otpauthUrl]);

  const verify = async () => {
    if (!code.trim()) return setError(Messages.mandatory);
    setBusy(true);
    try {
      const reply = await firstValueFrom(api.twoFactor.verifyTotp({ securityCode: code.trim(), password: enrolment.password }));
      onVerified(reply.recoveryCodes);
    } catch (e) {
      const { fields, message } = fromServer(e);
      setError(fields.securityCode ?? message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog size="M">
      <Heading>Set up an authenticator app</Heading>
      <Divider />
      <Content>
        <div className="totp-enrol">
          {qr ? <img className="totp-qr" src={qr} width={200} height={200} alt="QR code for your authenticator app" /> : <div className="totp-qr" />}
          <div>
            <Text>1. Scan the code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</Text>
            <p className="totp-secret-label">Or enter this key by hand:</p>
            <code className="totp-secret" data-secret={enrolment.secret}>
              {grouped(enrolment.secret)}
            </code>
            <Form id="totp-verify" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void verify())} marginTop="size-200">
              <TextField
                label="2. Enter the 6-digit code the app shows"
                value={code}
                onChange={setCode}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...(error ? { validationState: 'invalid' as const, errorMessage: error } : {})}
              />
            </Form>
          </div>
        </div>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button variant="accent" type="submit" form="totp-verify" isPending={busy}>
          Verify and turn on
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
