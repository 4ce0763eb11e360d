import { Link, useRouterState } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useSession } from '../stores/session-store.js';
import { MenuIcon } from './menu-icons.js';
import { visibleMenu, type MenuGroup } from './menu-items.js';

const isUnder = (path: string, to: string) => path === to.replace(/\/$/, '') || path.startsWith(to.endsWith('/') ? to : `${to}/`);

function Group({ group, collapsed, path }: { group: MenuGroup; collapsed: boolean; path: string }) {
  const active = group.items.some((i) => isUnder(path, i.to));
  const [open, setOpen] = useState(active);
  const only = group.direct ? group.items[0] : undefined;
  // Single-item groups navigate directly (platform-shell 2.8).
  if (only) {
    return (
      <Link to={only.to} className="nav-link" data-active={active} title={collapsed ? only.label : undefined}>
        <span className="nav-icon" aria-hidden><MenuIcon name={group.icon} /></span>
        <span className="nav-label">{only.label}</span>
      </Link>
    );
  }
  const links = (
    <ul className={collapsed ? 'nav-flyout' : 'nav-items'} aria-label={group.label}>
      {group.items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className="nav-link nav-sub" data-active={isUnder(path, item.to)}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="nav-group" data-active={active}>
      <button type="button" className="nav-link" aria-expanded={collapsed ? undefined : open} onClick={() => setOpen(!open)} title={collapsed ? group.label : undefined}>
        <span className="nav-icon" aria-hidden><MenuIcon name={group.icon} /></span>
        <span className="nav-label">{group.label}</span>
        {!collapsed && <span className="nav-caret" aria-hidden>{open ? '▾' : '▸'}</span>}
      </button>
      {(collapsed || open) && links}
    </div>
  );
}

/** The side menu: sections and groups the user may see, collapsible to icons with flyouts. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const profile = useSession((s) => s.profile);
  const path = useRouterState({ select: (s) => s.location.pathname });
  const sections = useMemo(
    () =>
      visibleMenu({
        permissions: profile?.permissions ?? [],
        recordExtCampaign: Boolean((profile?.enterpriseConfig.campaign as { recordExtCampaign?: boolean } | undefined)?.recordExtCampaign),
        artifactsEnabled: profile?.artifactsEnabled ?? false,
      }),
    [profile],
  );
  return (
    <nav aria-label="Main menu" className="side-nav" data-collapsed={collapsed}>
      {sections.map((section) => (
        <div key={section.label} className="nav-section">
          <div className="nav-section-label">{section.label}</div>
          {section.groups.map((group) => (
            <Group key={group.label} group={group} collapsed={collapsed} path={path} />
          ))}
        </div>
      ))}
    </nav>
  );
}
