import { Button, Checkbox, Form, TextField } from '@adobe/react-spectrum';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { accountApi } from '@parley/sdk/contract/account';
import { useApp } from '../stores/app-store.js';
import { api } from '../stores/session-store.js';
import { AuthShell } from './AuthShell.js';
import { CaptchaField } from './CaptchaField.js';
import { invalid, validate } from './form-errors.js';
import { useAuthForm } from './use-auth-form.js';

/** platform-shell 2.3: sign-up makes a new enterprise; the account is active once the mailed link is opened. */
export function SignupScreen() {
  const mailbox = useApp((s) => s.config?.mailbox);
  const form = useAuthForm(accountApi.signup.input, {
    name: '',
    emailId: '',
    password: '',
    confirmPassword: '',
    termsOfService: false,
    captcha: '',
    captchaId: '',
  });
  const { values, set, errors, message } = form;
  const [done, setDone] = useState('');

  const checkEmail = async () => {
    if (validate(accountApi.isEmailUnique.input, { emailId: values.emailId }).emailId) return;
    const { unique } = await firstValueFrom(api.account.isEmailUnique({ emailId: values.emailId }));
    form.setErrors((e) => ({ ...e, emailId: unique ? '' : 'This email is already registered' }));
  };

  const submit = () =>
    form.submit(async (v) => {
      await firstValueFrom(api.account.signup(v));
      setDone(v.emailId);
    });

  if (done) {
    return (
      <AuthShell title="Check your email">
        <p role="status">Your account has been created. Please check your email to activate it.</p>
        {mailbox && (
          <Link to="/mailbox" search={{ to: done }} className="text-link">
            Open local mailbox
          </Link>
        )}
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Create your account">
      {message && (
        <p className="form-message" role="alert">
          {message}
        </p>
      )}
      <Form validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void submit())} aria-label="Sign up">
        <TextField label="Name" value={values.name} onChange={set('name')} autoFocus width="100%" {...invalid(errors, 'name')} />
        <TextField
          label="Email"
          type="email"
          value={values.emailId}
          onChange={set('emailId')}
          onBlur={() => void checkEmail()}
          width="100%"
          {...invalid(errors, 'emailId')}
        />
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
        <Checkbox isSelected={values.termsOfService} onChange={set('termsOfService')} validationState={errors.termsOfService ? 'invalid' : undefined}>
          I accept the terms of service
        </Checkbox>
        <CaptchaField
          value={values.captcha}
          onChange={set('captcha')}
          onCaptchaId={set('captchaId')}
          errorMessage={errors.captcha ?? errors.captchaId}
          refreshKey={form.captchaKey}
          purpose="signup"
        />
        <Button type="submit" variant="accent" isPending={form.busy} width="100%">
          Sign Up
        </Button>
      </Form>
      <Link to="/login" className="text-link">
        I already have an account
      </Link>
    </AuthShell>
  );
}
