import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <main className="not-found">
      <h1>Page not found</h1>
      <p className="muted">The page you asked for does not exist.</p>
      <Link to="/" className="text-link">
        Go to the console
      </Link>
    </main>
  );
}
