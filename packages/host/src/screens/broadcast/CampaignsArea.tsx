import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, type ComponentType } from 'react';
import { WelcomePage } from '../WelcomePage.js';

/** The campaign screens built so far, by the first path segment after /campaigns. */
const SCREENS: Record<string, ComponentType> = {
  broadcast: lazy(() => import('./BroadcastScreen.js').then((m) => ({ default: m.BroadcastScreen }))),
};

/** `/campaigns/<screen>/...`: the screen's own component, or the welcome page for campaign screens not built yet. */
export function CampaignsArea() {
  const segment = useLocation({ select: (l) => l.pathname.split('/')[2] ?? '' });
  const Screen = SCREENS[segment];
  if (!Screen) return <WelcomePage />;
  return (
    <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
      <Screen />
    </Suspense>
  );
}
