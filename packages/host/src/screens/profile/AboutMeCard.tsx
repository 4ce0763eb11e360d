import { ActionButton, Button, DialogContainer, Form, Text, TextField } from '@adobe/react-spectrum';
import { useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { Profile } from '@parley/sdk/contract/profile';
import { profileApi } from '@parley/sdk/contract/profile';
import { fromServer, invalid, validate, type FieldErrors } from '../../auth/form-errors.js';
import { api, useSession } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import { PictureCropDialog } from './PictureCropDialog.js';
import { useImagePick } from './use-image-pick.js';

/** Name and picture: the picture goes through the cropper (aspect 1) and is saved as soon as it is cropped. */
export function AboutMeCard({ profile }: { profile: Profile }) {
  const [name, setName] = useState(profile.name);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const image = useImagePick();

  const saveName = async () => {
    const found = validate(profileApi.updateUser.input, { name });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await firstValueFrom(api.profile.updateUser({ name: name.trim() }));
      await useSession.getState().loadProfile();
      toast('Profile updated', 'success');
    } catch (e) {
      const { fields, message } = fromServer(e);
      setErrors(fields);
      if (!Object.keys(fields).length) toast(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const savePicture = async (picture: string) => {
    try {
      await firstValueFrom(api.profile.picture({ picture }));
    } catch (e) {
      const { fields, message } = fromServer(e);
      throw new Error(fields.picture ?? message);
    }
    await useSession.getState().loadProfile();
    toast('Profile picture updated', 'success');
  };

  const removePicture = async () => {
    try {
      await firstValueFrom(api.profile.removePicture({}));
      await useSession.getState().loadProfile();
    } catch (e) {
      toast(fromServer(e).message, 'error');
    }
  };

  return (
    <section className="profile-card" aria-labelledby="about-me">
      <h2 id="about-me">About me</h2>
      <div className="about-me">
        <div className="profile-picture">
          {profile.iconUrl ? (
            <img src={profile.iconUrl} alt="Your profile picture" />
          ) : (
            <span className="profile-initial" aria-hidden>
              {profile.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <input ref={input} type="file" accept="image/png,image/jpeg" hidden onChange={(e) => (image.pick(e.target.files?.[0]), (e.target.value = ''))} />
          <div className="profile-picture-actions">
            <ActionButton onPress={() => input.current?.click()}>{profile.iconUrl ? 'Change picture' : 'Upload picture'}</ActionButton>
            {profile.iconUrl && (
              <ActionButton isQuiet onPress={() => void removePicture()}>
                Remove
              </ActionButton>
            )}
          </div>
          {image.error && <Text UNSAFE_className="form-message">{image.error}</Text>}
          <Text UNSAFE_className="muted profile-hint">JPEG or PNG, cropped square; saved within 1024 × 1024 and 50 kB.</Text>
        </div>
        <Form validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void saveName())} maxWidth="size-4600" flexGrow={1}>
          <TextField label="Name" value={name} onChange={setName} isRequired {...invalid(errors, 'name')} />
          <TextField label="Email" value={profile.emailId} isReadOnly />
          <TextField label="Enterprise" value={profile.enterpriseName} isReadOnly />
          <Button type="submit" variant="accent" isPending={busy} alignSelf="start">
            Save name
          </Button>
        </Form>
      </div>
      <DialogContainer onDismiss={image.clear}>
        {image.source && <PictureCropDialog source={image.source} title="Crop your picture" onSave={savePicture} close={image.clear} />}
      </DialogContainer>
    </section>
  );
}
