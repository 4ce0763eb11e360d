import { lazyRouteComponent } from '@tanstack/react-router';

/** A route's screen, loaded when the route is first opened (each screen is its own chunk). */
export const screen = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) => lazyRouteComponent(load, name);

/** Inside the layout, every destination not built yet shows the welcome page (platform-shell 2.2). */
export const Welcome = screen(() => import('../screens/WelcomePage.js'), 'WelcomePage');
