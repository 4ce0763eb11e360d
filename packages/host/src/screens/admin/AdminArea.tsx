import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, type ComponentType } from 'react';
import { WelcomePage } from '../WelcomePage.js';

/** The admin screens built so far (platform-shell 2.8 Configuration), by the first path segment after /admin. */
const SCREENS: Record<string, ComponentType> = {
  channels: lazy(() => import('./ChannelsScreen.js').then((m) => ({ default: m.ChannelsScreen }))),
  messageTemplate: lazy(() => import('./TemplatesScreen.js').then((m) => ({ default: m.TemplatesScreen }))),
};

/** `/admin/<screen>/...`: the screen's own component, or the welcome page for admin screens not built yet. */
export function AdminArea() {
  const segment = useLocation({ select: (l) => l.pathname.split('/')[2] ?? '' });
  const Screen = SCREENS[segment];
  if (!Screen) return <WelcomePage />;
  return (
    <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
      <Screen />
    </Suspense>
  );
}
