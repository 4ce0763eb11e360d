import { ActionButton } from '@adobe/react-spectrum';
import { BillingBar } from '../billing/BillingBar.js';
import { Link } from '@tanstack/react-router';
import { useApp } from '../stores/app-store.js';
import { useSession } from '../stores/session-store.js';
import { ChatNotifications } from './chat-notifications/ChatNotifications.js';
import { UserMenu } from './UserMenu.js';

/** platform-shell 2.9: logo, enterprise, the billing figures (BillingBar), chat notifications and the user menu. */
export function TopBar({ onToggleMenu }: { onToggleMenu(): void }) {
  const showTopBar = useApp((s) => s.config?.features.showTopBar ?? false);
  const label = useApp((s) => s.whiteLabel);
  const enterprise = useSession((s) => s.profile?.enterpriseName);
  // The enterprise's own logo (Enterprise details) overrides the host's white-label one.
  const enterpriseLogo = useSession((s) => (s.profile?.enterpriseConfig.branding as { logo?: string } | undefined)?.logo);
  const logo = enterpriseLogo ?? label?.logoPath;
  return (
    <header className="top-bar">
      <ActionButton isQuiet onPress={onToggleMenu} aria-label="Toggle side menu">
        ☰
      </ActionButton>
      {showTopBar && (
        <>
          <Link to="/dashboard" className="top-bar-logo">
            {logo ? <img src={logo} alt={enterpriseLogo ? `${enterprise ?? ''} logo` : (label?.info.title ?? 'Parley')} /> : label?.info.title}
          </Link>
          <span className="enterprise-name">{enterprise}</span>
          <BillingBar />
        </>
      )}
      <div className="top-bar-end">
        {showTopBar && <ChatNotifications />}
        <UserMenu />
      </div>
    </header>
  );
}
