import { Button, Form, ProgressCircle, TextField } from '@adobe/react-spectrum';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { requiredText, withConfirmation } from '@parley/sdk/contract/fields';
import type { InvitationPreview } from '@parley/sdk/contract/invitations';
import { Messages } from '@parley/sdk/contract/messages';
import { invitationsRoutes } from '@parley/sdk/contract/routes';
import { UserTexts } from '@parley/sdk/contract/user-texts';
import { api } from '../stores/session-store.js';
import { AuthShell } from './AuthShell.js';
import { completeSignIn } from './complete-sign-in.js';
import { fromServer, invalid } from './form-errors.js';
import { validateInvitationSearch } from './invitation-search.js';
import { useAuthForm } from './use-auth-form.js';
import './invitation-accept.css';

const ACCEPT_FORM = withConfirmation({ name: requiredText(100) });

/**
 * `/invitation-accept` (platform-shell 2.1, 7.1): the invitee opens the mailed link, sees whom it invites and to
 * what, chooses a name and a password, and is signed in. A link that no longer works says why instead of a form.
 */
export function InvitationAcceptScreen() {
  const { id = '', code = '' } = validateInvitationSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [closed, setClosed] = useState('');
  const form = useAuthForm(ACCEPT_FORM, { name: '', password: '', confirmPassword: '' });
  const { values, set, errors, message } = form;

  useEffect(() => {
    if (!id || !code) {
      setClosed(UserTexts.invitationInvalid);
      return;
    }
    const request = api.call(invitationsRoutes.preview, { id, code }).subscribe({
      next: setPreview,
      error: (e: unknown) => setClosed(fromServer(e).message || Messages.somethingWentWrong),
    });
    return () => request.unsubscribe();
  }, [id, code]);

  const submit = () =>
    form.submit(async (v) => {
      const reply = await firstValueFrom(api.call(invitationsRoutes.accept, { id, code, ...v }));
      await navigate({ to: await completeSignIn(reply) });
    });

  if (closed) {
    return (
      <AuthShell title="Invitation">
        <p className="form-message" role="alert">
          {closed}
        </p>
        <Link to="/login" className="text-link">
          Go to sign in
        </Link>
      </AuthShell>
    );
  }
  if (!preview) {
    return (
      <AuthShell title="Invitation">
        <ProgressCircle aria-label="Opening the invitation" isIndeterminate />
      </AuthShell>
    );
  }
  const roles = preview.roleNames.join(', ');
  return (
    <AuthShell title={`Join ${preview.enterpriseName}`}>
      <p className="auth-lead">
        You are invited as <strong>{preview.emailId}</strong> with the role{preview.roles.length > 1 ? 's' : ''} {roles}. Choose your name and a password to
        sign in.
      </p>
      {message && (
        <p className="form-message" role="alert">
          {message}
        </p>
      )}
      <Form validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void submit())} aria-label="Accept the invitation">
        <TextField label="Name" value={values.name} onChange={set('name')} autoComplete="name" autoFocus width="100%" {...invalid(errors, 'name')} />
        <TextField
          label="Password"
          type="password"
          value={values.password}
          onChange={set('password')}
          autoComplete="new-password"
          width="100%"
          {...invalid(errors, 'password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          autoComplete="new-password"
          width="100%"
          {...invalid(errors, 'confirmPassword')}
        />
        <Button type="submit" variant="accent" isPending={form.busy} width="100%">
          Join and sign in
        </Button>
      </Form>
    </AuthShell>
  );
}
