import { ActionButton, Button, Item, NumberField, Picker, Slider, Switch } from '@adobe/react-spectrum';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { Profile } from '@parley/sdk/contract/profile';
import { fromServer } from '../../auth/form-errors.js';
import { playSound } from '../../layout/chat-notifications/sound-player.js';
import { MAX_REPEAT } from '../../layout/chat-notifications/sound-schedule.js';
import { api, useSession } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import { audioFormOf, audioSettingsOf, SOUND_CHOICES, SOUND_TYPES, type AudioForm, type SoundRow, type SoundType } from './audio-form.js';

/**
 * Notification settings and the audio settings of platform-shell 3: per type (new chat, new message) one of the five
 * sounds, how often it repeats and its volume, each with Play. Sounds come from the notification widget's player.
 */
export function NotificationsCard({ profile }: { profile: Profile }) {
  const [chat, setChat] = useState(profile.enableChatNotification);
  const [push, setPush] = useState(profile.enablePushNotification);
  const [form, setForm] = useState<AudioForm>(() => audioFormOf(profile.audioSettings));
  const [busy, setBusy] = useState(false);
  const setRow = (type: SoundType, change: Partial<SoundRow>) => setForm((f) => ({ ...f, rows: { ...f.rows, [type]: { ...f.rows[type], ...change } } }));

  const save = async () => {
    setBusy(true);
    try {
      await firstValueFrom(api.profile.audio({ enableChatNotification: chat, enablePushNotification: push, audioSettings: audioSettingsOf(form) }));
      await useSession.getState().loadProfile();
      toast('Notification settings saved', 'success');
    } catch (e) {
      toast(fromServer(e).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile-card" aria-labelledby="notifications">
      <h2 id="notifications">Notifications and sounds</h2>
      <div className="notification-switches">
        <Switch isSelected={chat} onChange={setChat}>
          Browser notifications for chats
        </Switch>
        <Switch isSelected={push} onChange={setPush}>
          Push notifications
        </Switch>
        <Switch isSelected={form.enable} onChange={(enable) => setForm((f) => ({ ...f, enable }))}>
          Play notification sounds
        </Switch>
      </div>
      <div className="sound-rows">
        {SOUND_TYPES.map(({ type, label }) => {
          const row = form.rows[type];
          return (
            <fieldset key={type} className="sound-row" disabled={!form.enable}>
              <legend>{label}</legend>
              <Picker
                label="Sound"
                selectedKey={row.sound}
                onSelectionChange={(key) => setRow(type, { sound: key as SoundRow['sound'] })}
                isDisabled={!form.enable}
                width="size-2400"
              >
                {SOUND_CHOICES.map((choice) => (
                  <Item key={choice.id}>{choice.label}</Item>
                ))}
              </Picker>
              <NumberField
                label="Repeat"
                value={row.repeat}
                onChange={(repeat) => Number.isFinite(repeat) && setRow(type, { repeat })}
                minValue={1}
                maxValue={MAX_REPEAT}
                isDisabled={!form.enable}
                width="size-1200"
              />
              <Slider
                label="Volume"
                value={row.volume}
                onChange={(volume) => setRow(type, { volume })}
                minValue={0}
                maxValue={100}
                step={5}
                getValueLabel={(v) => `${v} %`}
                isDisabled={!form.enable}
                width="size-2400"
              />
              <ActionButton onPress={() => playSound(row.sound, row)} isDisabled={!form.enable} aria-label={`Play the ${label.toLowerCase()} sound`}>
                Play
              </ActionButton>
            </fieldset>
          );
        })}
      </div>
      <Button variant="accent" onPress={() => void save()} isPending={busy}>
        Save notification settings
      </Button>
    </section>
  );
}
