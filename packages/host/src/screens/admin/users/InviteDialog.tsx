import { Button, ButtonGroup, Content, Dialog, Divider, Form, Heading, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { firstValueFrom } from 'rxjs';
import { invitationsApi } from '@parley/sdk/contract/invitations';
import { INVITATION_TTL_DAYS, UserTexts } from '@parley/sdk/contract/user-texts';
import { invalid } from '../../../auth/form-errors.js';
import { toast } from '../../../stores/toast-store.js';
import { RoleChecks } from './RoleChecks.js';
import { useDialogForm } from './use-dialog-form.js';
import { invitationCalls } from './users-api.js';

/** Invite (platform-shell 7.4 POST invitations): an address and the roles the colleague will have. */
export function InviteDialog({ onSent }: { onSent(): void }) {
  const dialog = useDialogContainer();
  const form = useDialogForm(invitationsApi.send.input, { emailId: '', roles: [] as number[] });
  const { values, set, errors } = form;
  const send = async () => {
    const ok = await form.submit({}, async (v) => {
      await firstValueFrom(invitationCalls.send(v));
    });
    if (!ok) return;
    toast(UserTexts.invitationSent, 'success');
    onSent();
    dialog.dismiss();
  };
  return (
    <Dialog size="M">
      <Heading>Invite a colleague</Heading>
      <Divider />
      <Content>
        <p className="users-dialog-note">They receive a link, good for {INVITATION_TTL_DAYS} days, where they choose their name and password.</p>
        {form.message && (
          <p className="users-form-message" role="alert">
            {form.message}
          </p>
        )}
        <Form id="invite" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void send())}>
          <TextField
            label="Email"
            type="email"
            value={values.emailId}
            onChange={set('emailId')}
            autoFocus
            isRequired
            necessityIndicator="label"
            autoComplete="off"
            {...invalid(errors, 'emailId')}
          />
          <RoleChecks value={values.roles} onChange={set('roles')} errorMessage={errors.roles} />
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dialog.dismiss}>
          Cancel
        </Button>
        <Button variant="accent" type="submit" form="invite" isPending={form.busy}>
          Send invitation
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
