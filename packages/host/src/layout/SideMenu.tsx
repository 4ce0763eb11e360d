import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { toast } from '../stores/toast-store.js';
import { useSession } from '../stores/session-store.js';
import { MenuIcon } from './menu-icons.js';
import { activeItemKey, visibleMenu, type MenuGroup } from './menu-items.js';

/** platform-shell 8: offline, the menu stays put and says so rather than leaving for a page that cannot load. */
export const OFFLINE_MESSAGE = 'Data not Synced,Please Turn On Internet!';
const guardOffline = (e: MouseEvent) => {
  if (!navigator.onLine) {
    e.preventDefault();
    toast(OFFLINE_MESSAGE, 'error');
  }
};

function Group({ group, collapsed, activeKey }: { group: MenuGroup; collapsed: boolean; activeKey: string | undefined }) {
  const isActive = (label: string) => activeKey === `${group.label}|${label}`;
  const active = group.items.some((i) => isActive(i.label));
  const [open, setOpen] = useState(active);
  const only = group.direct ? group.items[0] : undefined;
  // Single-item groups navigate directly (platform-shell 2.8).
  if (only) {
    return (
      <Link to={only.to} onClick={guardOffline} className="nav-link" data-active={active} title={collapsed ? only.label : undefined}>
        <span className="nav-icon" aria-hidden>
          <MenuIcon name={group.icon} />
        </span>
        <span className="nav-label">{only.label}</span>
      </Link>
    );
  }
  const links = (
    <ul className="nav-items" aria-label={group.label}>
      {group.items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} onClick={guardOffline} className="nav-link nav-sub" data-active={isActive(item.label)}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
  if (collapsed) return <FlyoutGroup group={group} active={active} links={links} />;
  return (
    <div className="nav-group" data-active={active}>
      <button
        type="button"
        className="nav-link"
        aria-expanded={collapsed ? undefined : open}
        onClick={() => setOpen(!open)}
        title={collapsed ? group.label : undefined}
      >
        <span className="nav-icon" aria-hidden>
          <MenuIcon name={group.icon} />
        </span>
        <span className="nav-label">{group.label}</span>
        {!collapsed && (
          <span className="nav-caret" aria-hidden>
            {open ? '▾' : '▸'}
          </span>
        )}
      </button>
      {(collapsed || open) && links}
    </div>
  );
}

/**
 * A collapsed group: its items open in a layer on document.body, since the side nav scrolls (overflow) and clipped
 * an absolutely placed flyout to nothing. Opens on hover, on click, and on Enter/Space/ArrowRight; Escape closes.
 */
function FlyoutGroup({ group, active, links }: { group: MenuGroup; active: boolean; links: ReactElement }) {
  const button = useRef<HTMLButtonElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ top: number; left: number } | undefined>();
  const closeTimer = useRef<number | undefined>(undefined);
  const open = () => {
    window.clearTimeout(closeTimer.current);
    const r = button.current?.getBoundingClientRect();
    if (r) setAt({ top: r.top, left: r.right });
  };
  // A short grace period lets the pointer cross the gap from the icon to the layer.
  const closeSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setAt(undefined), 150);
  };
  const close = (refocus: boolean) => {
    setAt(undefined);
    if (refocus) button.current?.focus();
  };
  const [focusFirst, setFocusFirst] = useState(false);
  useEffect(() => {
    if (at && focusFirst) {
      layer.current?.querySelector<HTMLElement>('a')?.focus();
      setFocusFirst(false);
    }
  }, [at, focusFirst]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  return (
    <div className="nav-group" data-active={active} onMouseEnter={open} onMouseLeave={closeSoon}>
      <button
        ref={button}
        type="button"
        className="nav-link"
        title={group.label}
        aria-haspopup="true"
        aria-expanded={Boolean(at)}
        onClick={() => (at ? close(false) : open())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' || e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            open();
            setFocusFirst(true);
          } else if (e.key === 'Escape') close(false);
        }}
      >
        <span className="nav-icon" aria-hidden>
          <MenuIcon name={group.icon} />
        </span>
        <span className="nav-label">{group.label}</span>
      </button>
      {at &&
        createPortal(
          <div
            ref={layer}
            className="nav-flyout"
            style={{ top: at.top, left: at.left }}
            onMouseEnter={open}
            onMouseLeave={closeSoon}
            onClick={() => close(false)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' || e.key === 'ArrowLeft') close(true);
            }}
            onBlur={(e) => {
              if (!layer.current?.contains(e.relatedTarget as Node | null)) closeSoon();
            }}
          >
            {links}
          </div>,
          document.body,
        )}
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
  const activeKey = activeItemKey(path, sections);
  return (
    <nav aria-label="Main menu" className="side-nav" data-collapsed={collapsed}>
      {sections.map((section) => (
        <div key={section.label} className="nav-section">
          <div className="nav-section-label">{section.label}</div>
          {section.groups.map((group) => (
            <Group key={group.label} group={group} collapsed={collapsed} activeKey={activeKey} />
          ))}
        </div>
      ))}
    </nav>
  );
}
