import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { api } from '../stores/session-store.js';
import { AuthShell } from './AuthShell.js';
import { completeSignIn } from './complete-sign-in.js';
import { fromServer } from './form-errors.js';

/** `{id}/redirect`: the single sign-on return trades its one-time ticket for a session. */
export function SsoRedirectScreen() {
  const { id } = useParams({ strict: false }) as { id: string };
  const navigate = useNavigate();
  const [error, setError] = useState('');
  useEffect(() => {
    firstValueFrom(api.account.ssoRedirectCallback({ token: id }))
      .then((reply) => completeSignIn(reply))
      .then((to) => navigate({ to }))
      .catch((e: unknown) => setError(fromServer(e).message));
  }, [id, navigate]);
  return (
    <AuthShell title="Single sign-on">
      <p role={error ? 'alert' : 'status'}>{error || 'Signing you in…'}</p>
    </AuthShell>
  );
}
