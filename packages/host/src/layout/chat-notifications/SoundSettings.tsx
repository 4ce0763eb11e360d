import { ActionButton, Button, Content, Dialog, DialogTrigger, Heading, NumberField, Slider, Switch, Text } from '@adobe/react-spectrum';
import { useState } from 'react';
import { useSession } from '../../stores/session-store.js';
import { askNotificationPermission, notificationPermission } from './browser-notification.js';
import { playSound } from './sound-player.js';
import { profileHasSounds, soundLevel } from './sound-settings.js';
import { useLocalSounds } from './use-local-sounds.js';

const PERMISSION_TEXT: Record<string, string> = {
  granted: 'Browser notifications are on.',
  denied: 'Browser notifications are blocked for this site in the browser settings.',
  unsupported: 'This browser does not show notifications.',
};

/**
 * The dropdown's small settings popover: sounds (kept in this browser while the profile has none of its own) and the
 * browser's notification permission, which a browser grants only when asked from a click.
 */
export function SoundSettings() {
  const profile = useSession((s) => s.profile);
  const [local, setLocal] = useLocalSounds();
  const [permission, setPermission] = useState(notificationPermission);
  const fromProfile = profileHasSounds(profile?.audioSettings);
  const test = () => {
    const level = soundLevel('newChat', profile?.audioSettings, local);
    if (level) playSound('newChat', level);
  };
  return (
    <DialogTrigger type="popover" placement="left top">
      <ActionButton isQuiet>Sound and alerts</ActionButton>
      <Dialog size="S">
        <Heading>Sound and alerts</Heading>
        <Content>
          <div className="chat-sound-settings">
            {fromProfile ? (
              <Text>Sounds follow the audio settings of your profile.</Text>
            ) : (
              <>
                <Switch isSelected={local.enabled} onChange={(enabled) => setLocal({ enabled })}>
                  Play sounds
                </Switch>
                <Slider
                  label="Volume"
                  value={local.volume}
                  onChange={(volume) => setLocal({ volume })}
                  isDisabled={!local.enabled}
                  minValue={0}
                  maxValue={100}
                  step={5}
                  getValueLabel={(v) => `${v} %`}
                />
                <NumberField
                  label="Plays per alert"
                  value={local.repeat}
                  onChange={(repeat) => Number.isFinite(repeat) && setLocal({ repeat })}
                  isDisabled={!local.enabled}
                  minValue={1}
                  maxValue={10}
                  width="size-1600"
                />
              </>
            )}
            <Button variant="secondary" onPress={test}>
              Test sound
            </Button>
            {profile?.enableChatNotification === false ? (
              <Text>Browser notifications are off in your profile.</Text>
            ) : permission === 'default' ? (
              <Button variant="secondary" onPress={() => void askNotificationPermission().then(setPermission)}>
                Allow browser notifications
              </Button>
            ) : (
              <Text>{PERMISSION_TEXT[permission]}</Text>
            )}
          </div>
        </Content>
      </Dialog>
    </DialogTrigger>
  );
}
