import {
  ActionButton,
  Button,
  Cell,
  Column,
  Content,
  DialogContainer,
  Flex,
  Heading,
  IllustratedMessage,
  Row,
  TableBody,
  TableHeader,
  TableView,
  Text,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { ACCESS } from '@parley/sdk/contract/access';
import type { Invitation } from '@parley/sdk/contract/invitations';
import { UserTexts } from '@parley/sdk/contract/user-texts';
import { PagerNav } from '../../../components/PagerNav.js';
import { useCan } from '../../../components/use-can.js';
import { toast } from '../../../stores/toast-store.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { InviteDialog } from './InviteDialog.js';
import { roleNamesIn, useRoles } from '../roles/use-roles.js';
import { useInvitations } from './use-invitations.js';
import { invitationCalls } from './users-api.js';
import { formatMoment } from '../../../format/locale.js';

const COLUMNS = [
  { key: 'email', name: 'Email', width: '1.3fr', minWidth: 160 },
  { key: 'roles', name: 'Roles', width: '1fr', minWidth: 130 },
  { key: 'state', name: 'State', width: 110 },
  { key: 'invitedBy', name: 'Invited by', width: 140 },
  { key: 'sent', name: 'Sent', width: 130 },
  { key: 'expires', name: 'Expires', width: 130 },
  { key: 'actions', name: 'Actions', width: 190 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

const STATE_NAMES: Record<Invitation['state'], string> = { pending: 'Pending', accepted: 'Accepted', revoked: 'Revoked', expired: 'Expired' };
// The day is enough in the table; the time shows on hover.
const day = (iso: string) => <span title={formatMoment(iso, 'dayTime')}>{formatMoment(iso, 'day')}</span>;
const tableHeight = (rows: number) => (rows ? 36 + rows * 49 : 300);

/** The Invitations tab: who was invited, in which state, and Resend / Revoke for those not yet accepted. */
export function InvitationsPanel() {
  const canAdd = useCan(ACCESS.users.add);
  const list = useInvitations();
  const roleNames = roleNamesIn(useRoles().roles);
  const [inviting, setInviting] = useState(false);

  const act = async (invitation: Invitation, action: 'resend' | 'revoke') => {
    try {
      await firstValueFrom(invitationCalls[action]({ id: invitation.id }));
      toast(action === 'resend' ? UserTexts.invitationSent : UserTexts.invitationRevokedDone, 'success');
      list.reload();
    } catch (error) {
      showRefusal(error);
    }
  };

  const cell = (i: Invitation, key: ColumnKey) => {
    switch (key) {
      case 'email':
        return <Text UNSAFE_className="users-name">{i.emailId}</Text>;
      case 'roles':
        return roleNames(i.roles);
      case 'state':
        return <span className={`users-invitation users-invitation-${i.state}`}>{STATE_NAMES[i.state]}</span>;
      case 'invitedBy':
        return i.invitedBy || '-';
      case 'sent':
        return day(i.sentOn);
      case 'expires':
        return i.state === 'pending' || i.state === 'expired' ? day(i.expiresOn) : '-';
      case 'actions':
        return canAdd && (i.state === 'pending' || i.state === 'expired') ? (
          <Flex gap="size-50">
            <ActionButton isQuiet onPress={() => void act(i, 'resend')} aria-label={`Resend to ${i.emailId}`}>
              <Text>Resend</Text>
            </ActionButton>
            <ActionButton isQuiet onPress={() => void act(i, 'revoke')} aria-label={`Revoke ${i.emailId}`}>
              <Text>Revoke</Text>
            </ActionButton>
          </Flex>
        ) : null;
    }
  };

  return (
    <div className="users-panel">
      <Flex justifyContent="end">
        {canAdd && (
          <Button variant="accent" onPress={() => setInviting(true)}>
            <Add />
            <Text>Invite</Text>
          </Button>
        )}
      </Flex>
      <div className="users-table">
        <TableView
          aria-label="Invitations"
          density="spacious"
          overflowMode="truncate"
          selectionMode="none"
          height={tableHeight(list.rows.length)}
          renderEmptyState={() => <EmptyState />}
        >
          <TableHeader columns={COLUMNS}>
            {(c) => (
              <Column
                key={c.key}
                width={c.width}
                minWidth={'minWidth' in c ? c.minWidth : undefined}
                hideHeader={c.key === 'actions'}
                align={c.key === 'actions' ? 'end' : 'start'}
              >
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={list.rows} loadingState={list.loading ? 'loading' : 'idle'}>
            {(i) => (
              <Row key={i.id} textValue={i.emailId}>
                {(key) => <Cell>{cell(i, key as ColumnKey)}</Cell>}
              </Row>
            )}
          </TableBody>
        </TableView>
      </div>
      <PagerNav className="users-pager" list={list.pager} />
      <DialogContainer onDismiss={() => setInviting(false)}>{inviting && <InviteDialog onSent={list.reload} />}</DialogContainer>
    </div>
  );
}

function EmptyState() {
  return (
    <IllustratedMessage>
      <Heading>No invitations yet</Heading>
      <Content>Invite a colleague: they choose their name and password from the mailed link.</Content>
    </IllustratedMessage>
  );
}
