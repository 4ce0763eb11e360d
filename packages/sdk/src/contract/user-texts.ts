/**
 * Users and invitations without zod (platform-shell 3 "User", "Invitation", 7.4): states and the refusals an
 * administrator or an invitee reads. The specs show none of these texts; they are worded in the voice of section 5
 * and 8, and docs/administration.md lists them.
 */

/** User state (platform-shell 3). 0 is ours: signed up, waiting for the activation mail. */
export const UserStates = { PENDING: 0, ACTIVE: 1, DEACTIVATED: 2 } as const;

/** How long an invitation link stays good. */
export const INVITATION_TTL_DAYS = 7;

export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired';

export const UserTexts = {
  lastAdministrator: 'There must be at least one active Administrator',
  notYourself: 'You cannot deactivate your own account',
  notYourOwnAdmin: 'You cannot remove the Administrator role from your own account',
  invitationInvalid: 'This invitation link is invalid',
  invitationExpired: 'This invitation has expired. Please ask your administrator to send it again.',
  invitationRevoked: 'This invitation has been withdrawn. Please ask your administrator for a new one.',
  invitationUsed: 'This invitation has already been accepted. Please sign in.',
  invitationClosed: 'This invitation can no longer be sent',
  userAdded: 'User added successfully',
  rolesUpdated: 'Roles updated successfully',
  userDeactivated: 'User deactivated successfully',
  userActivated: 'User activated successfully',
  passwordReset: 'Password reset successfully',
  invitationSent: 'Invitation sent successfully',
  invitationRevokedDone: 'Invitation revoked successfully',
} as const;
