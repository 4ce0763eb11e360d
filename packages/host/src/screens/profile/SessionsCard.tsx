import { Button, Cell, Column, Row, TableBody, TableHeader, TableView, Text } from '@adobe/react-spectrum';
import { useCallback, useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { SessionSummary } from '@parley/sdk/contract/profile';
import { fromServer } from '../../auth/form-errors.js';
import { api } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import { deviceName } from './session-device.js';
import { formatMoment } from '../../format/locale.js';

/** The browsers and devices signed in as me, and the one button that ends all but this one. */
export function SessionsCard() {
  const [sessions, setSessions] = useState<SessionSummary[] | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      setSessions(await firstValueFrom(api.profile.sessions({})));
    } catch (e) {
      toast(fromServer(e).message, 'error');
    }
  }, []);
  useEffect(() => void load(), [load]);

  const endOthers = async () => {
    setBusy(true);
    try {
      const reply = await firstValueFrom(api.profile.endOtherSessions({}));
      toast(
        reply.ended === 0
          ? 'No other session was signed in'
          : reply.ended === 1
            ? 'Your other session was signed out'
            : `${reply.ended} other sessions were signed out`,
        'success',
      );
      await load();
    } catch (e) {
      toast(fromServer(e).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <section className="profile-card" aria-labelledby="sessions">
      <div className="profile-card-head">
        <h2 id="sessions">Active sessions</h2>
        <Button variant="negative" onPress={() => void endOthers()} isPending={busy} isDisabled={others === 0}>
          Sign out my other sessions
        </Button>
      </div>
      <TableView aria-labelledby="sessions" density="compact" overflowMode="wrap" height={sessions ? 40 + Math.min(sessions.length, 6) * 58 : 120}>
        <TableHeader>
          <Column key="device">Device</Column>
          <Column key="created">Signed in</Column>
          <Column key="seen">Last seen</Column>
        </TableHeader>
        <TableBody items={sessions ?? []} loadingState={sessions ? 'idle' : 'loading'}>
          {(s) => (
            <Row key={s.id}>
              <Cell>{`${deviceName(s.userAgent)}${s.current ? ' (this session)' : ''}`}</Cell>
              <Cell>{formatMoment(s.createdAt, 'dayTime')}</Cell>
              <Cell>{formatMoment(s.lastSeenAt, 'dayTime')}</Cell>
            </Row>
          )}
        </TableBody>
      </TableView>
      {sessions && others === 0 && <Text UNSAFE_className="muted">Only this session is signed in.</Text>}
    </section>
  );
}
