import { Item, TabList, TabPanels, Tabs } from '@adobe/react-spectrum';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { InvitationsPanel } from './InvitationsPanel.js';
import { UsersPanel } from './UsersPanel.js';
import { validateUsersSearch, type UsersSearch } from './users-search.js';
import './users.css';

/**
 * Manage → Users (`/admin/users`, USERS.*): the enterprise's users with their roles and state, and the invitations
 * sent to colleagues. Tab, search, state and page live in the URL.
 */
export function UsersScreen() {
  const search = validateUsersSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const go = useCallback((next: UsersSearch) => void navigate({ to: '/admin/users', search: next }), [navigate]);
  const { tab, ...list } = search;
  return (
    <section className="users" aria-labelledby="users-title">
      <header className="users-header">
        <h1 id="users-title">Users</h1>
      </header>
      <Tabs aria-label="Users and invitations" selectedKey={tab ?? 'users'} onSelectionChange={(k) => go(k === 'invitations' ? { tab: 'invitations' } : {})}>
        <TabList>
          <Item key="users">Users</Item>
          <Item key="invitations">Invitations</Item>
        </TabList>
        <TabPanels>
          <Item key="users">
            <UsersPanel search={list} go={go} />
          </Item>
          <Item key="invitations">
            <InvitationsPanel />
          </Item>
        </TabPanels>
      </Tabs>
    </section>
  );
}
