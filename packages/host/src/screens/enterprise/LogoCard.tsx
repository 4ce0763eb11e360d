import { ActionButton, Text } from '@adobe/react-spectrum';
import { useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { ArtifactMessages } from '@parley/sdk/contract/artifact-texts';
import type { EnterpriseDetails } from '@parley/sdk/contract/enterprise';
import { ParleyError } from '@parley/sdk/parley-error';
import { fromServer } from '../../auth/form-errors.js';
import { api, useSession } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import { encodePicture, loadImage } from '../profile/encode-picture.js';
import { outputMime } from '../profile/picture-size.js';

interface Props {
  details: EnterpriseDetails;
  canEdit: boolean;
  onChange(details: EnterpriseDetails): void;
}

/**
 * The white-label logo override. Logos are wide, so there is no square crop: the whole image is scaled into the
 * 1024 x 1024 / 50 kB rule in the browser. The profile is reloaded at once, so the top bar shows the new logo.
 */
export function LogoCard({ details, canEdit, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const apply = async (call: () => Promise<EnterpriseDetails>, message: string) => {
    setBusy(true);
    setError(undefined);
    try {
      onChange(await call());
      await useSession.getState().loadProfile();
      toast(message, 'success');
    } catch (e) {
      // The browser's own refusals (an image it cannot read, or too large even when small) are plain errors.
      if (e instanceof Error && !(e instanceof ParleyError)) setError(e.message);
      else setError(fromServer(e).fields.logo ?? fromServer(e).message);
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File | undefined) => {
    if (!file) return;
    const mime = outputMime(file.type);
    if (!mime) return setError(ArtifactMessages.invalidFormatCropped);
    void apply(async () => {
      const url = URL.createObjectURL(file);
      try {
        const image = await loadImage(url);
        const logo = await encodePicture(image, { x: 0, y: 0, width: image.naturalWidth, height: image.naturalHeight }, mime);
        return await firstValueFrom(api.enterprise.logo({ logo }));
      } finally {
        URL.revokeObjectURL(url);
      }
    }, 'Logo updated');
  };

  return (
    <section className="profile-card" aria-labelledby="enterprise-logo">
      <h2 id="enterprise-logo">Logo</h2>
      <Text UNSAFE_className="muted">Shown in the top bar instead of the product logo, for everyone in your enterprise.</Text>
      <div className="enterprise-logo">
        {details.logo ? <img src={details.logo} alt={`${details.name} logo`} /> : <span className="muted">No logo: the product logo is shown.</span>}
      </div>
      {canEdit && (
        <div className="profile-picture-actions">
          <input ref={input} type="file" accept="image/png,image/jpeg" hidden onChange={(e) => (upload(e.target.files?.[0]), (e.target.value = ''))} />
          <ActionButton onPress={() => input.current?.click()} isDisabled={busy}>
            {details.logo ? 'Replace logo' : 'Upload logo'}
          </ActionButton>
          {details.logo && (
            <ActionButton isQuiet isDisabled={busy} onPress={() => void apply(() => firstValueFrom(api.enterprise.removeLogo({})), 'Logo removed')}>
              Remove
            </ActionButton>
          )}
        </div>
      )}
      {error && <Text UNSAFE_className="form-message">{error}</Text>}
      <Text UNSAFE_className="muted profile-hint">JPEG or PNG; scaled to fit 1024 × 1024 and 50 kB.</Text>
    </section>
  );
}
