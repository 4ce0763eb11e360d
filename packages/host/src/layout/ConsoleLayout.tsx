import { Outlet } from '@tanstack/react-router';
import { useState } from 'react';
import { SideMenu } from './SideMenu.js';
import { TopBar } from './TopBar.js';

const COLLAPSE_KEY = 'parley.nav.collapsed';

/** The signed-in frame: top bar, side menu, and the screen of the route. */
export function ConsoleLayout() {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSE_KEY) === 'true');
  const toggle = () => {
    localStorage.setItem(COLLAPSE_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  return (
    <div className="console" data-collapsed={collapsed}>
      {/* The first stop of Tab: past the top bar and the menu's dozens of links, straight to the screen. */}
      <a className="skip-link" href="#console-main">
        Skip to content
      </a>
      <TopBar onToggleMenu={toggle} />
      <SideMenu collapsed={collapsed} />
      <main className="console-main" id="console-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
