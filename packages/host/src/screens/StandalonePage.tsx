import { Link } from '@tanstack/react-router';
import { useApp } from '../stores/app-store.js';

/**
 * Full-page routes outside the layout (payment result, designer frames, invitation acceptance, dialog360) whose
 * screens come with their own issues: they say so instead of pretending.
 */
export function StandalonePage({ title }: { title: string }) {
  const label = useApp((s) => s.whiteLabel);
  return (
    <main className="not-found">
      {label?.logoPath && <img src={label.logoPath} alt={label.info.title} className="welcome-logo" />}
      <h1>{title}</h1>
      <p className="muted">This screen is not available in this version of {label?.info.title ?? 'Parley'} yet.</p>
      <Link to="/dashboard" className="text-link">
        Go to the console
      </Link>
    </main>
  );
}
