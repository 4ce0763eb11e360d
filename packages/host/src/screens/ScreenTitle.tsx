/**
 * The page's <h1> for a screen drawn by an element: elements title themselves from <h2> down (a partner page has
 * its own <h1>), so in the console the page's one top heading is said here, for screen readers and the outline.
 */
export function ScreenTitle({ children }: { children: string }) {
  return <h1 className="visually-hidden">{children}</h1>;
}
