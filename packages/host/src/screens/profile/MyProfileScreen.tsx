import { ProgressCircle } from '@adobe/react-spectrum';
import { useEffect } from 'react';
import { unlockAudioOnFirstGesture } from '../../layout/chat-notifications/sound-player.js';
import { useSession } from '../../stores/session-store.js';
import { AboutMeCard } from './AboutMeCard.js';
import { NotificationsCard } from './NotificationsCard.js';
import { PasswordCard } from './PasswordCard.js';
import { SessionsCard } from './SessionsCard.js';
import { TwoFactorCard } from './TwoFactorCard.js';
import './profile.css';

/** /details/myprofile (issue 36 item 10): every signed-in user's own settings. */
export function MyProfileScreen() {
  const profile = useSession((s) => s.profile);
  // Play needs audio unlocked by a gesture; users without the chat widget have nothing else that unlocks it.
  useEffect(() => unlockAudioOnFirstGesture(), []);
  if (!profile) return <ProgressCircle isIndeterminate aria-label="Loading your profile" />;
  return (
    <div className="profile-screen">
      <h1>My profile</h1>
      <div className="profile-columns">
        <div className="profile-column">
          <AboutMeCard profile={profile} />
          <PasswordCard />
          <SessionsCard />
        </div>
        <div className="profile-column">
          <TwoFactorCard profile={profile} />
          <NotificationsCard profile={profile} />
        </div>
      </div>
    </div>
  );
}
