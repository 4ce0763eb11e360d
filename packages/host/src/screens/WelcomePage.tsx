import { useApp } from '../stores/app-store.js';
import { useSession } from '../stores/session-store.js';

/** Inside the layout, every screen not built yet shows this (platform-shell 2.2: title and logo). */
export function WelcomePage() {
  const label = useApp((s) => s.whiteLabel);
  const name = useSession((s) => s.profile?.name);
  const title = label?.info.title ?? 'Parley';
  return (
    <section className="welcome">
      {label?.logoPath && <img src={label.logoPath} alt="" className="welcome-logo" />}
      <h1>Welcome to {title}</h1>
      <p className="muted">{name ? `Signed in as ${name}. ` : ''}Choose a module from the menu to get started.</p>
    </section>
  );
}
