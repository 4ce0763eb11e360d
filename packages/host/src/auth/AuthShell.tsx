import type { ReactNode } from 'react';
import { useApp } from '../stores/app-store.js';
import { Slides } from './Slides.js';

/** The frame of every signed-out screen: slides on one side, the form card on the other. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const label = useApp((s) => s.whiteLabel);
  return (
    <div className="auth-page">
      <Slides />
      <main className="auth-panel">
        <div className="auth-card">
          {label?.logoPath && <img className="auth-logo" src={label.logoPath} alt={label.info.title} />}
          <h1 className="auth-title">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
