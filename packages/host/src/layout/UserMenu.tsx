import { ActionButton, Item, Menu, MenuTrigger } from '@adobe/react-spectrum';
import { useNavigate } from '@tanstack/react-router';
import { firstValueFrom } from 'rxjs';
import { api, useSession } from '../stores/session-store.js';

export async function signOut() {
  try {
    await firstValueFrom(api.account.logout({}));
  } catch {
    // The token may already be gone server-side; signing out locally is what matters.
  }
  useSession.getState().clear();
}

/** Details, My Library (with artifacts) and Signout (not for direct single sign-on), platform-shell 2.8. */
export function UserMenu() {
  const profile = useSession((s) => s.profile);
  const navigate = useNavigate();
  const items = [
    { key: 'details', label: 'Details' },
    ...(profile?.artifactsEnabled ? [{ key: 'library', label: 'My Library' }] : []),
    ...(profile?.loginMethod === 'sso' ? [] : [{ key: 'signout', label: 'Signout' }]),
  ];
  const act = async (key: string) => {
    if (key === 'details') await navigate({ to: '/details/myprofile' });
    if (key === 'library') await navigate({ to: '/content-library' });
    if (key === 'signout') {
      await signOut();
      await navigate({ to: '/login' });
    }
  };
  return (
    <MenuTrigger align="end">
      {/* The name starts with the text shown (WCAG 2.5.3, label in name); the initial is drawn by CSS, not text. */}
      <ActionButton isQuiet aria-label={`${profile?.name ?? ''}, user menu`}>
        <span className="avatar" aria-hidden data-initial={(profile?.name ?? '?').slice(0, 1).toUpperCase()} />
        <span className="user-name">{profile?.name}</span>
      </ActionButton>
      <Menu items={items} onAction={(key) => void act(String(key))}>
        {(item) => <Item key={item.key}>{item.label}</Item>}
      </Menu>
    </MenuTrigger>
  );
}
