import { Navigate, useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TemplateEditor } from './templates/TemplateEditor.js';
import { TemplateList } from './templates/TemplateList.js';
import { ViewTemplate } from './templates/ViewTemplate.js';
import './templates/templates.css';

const AREA = '/admin/messageTemplate/whatsapp';

/**
 * Message Templates (WhatsApp): the list at `/admin/messageTemplate/whatsapp`, the editor at `.../new`, a saved
 * template's read-only view at `.../<id>`. `/admin/messageTemplate` alone goes to the WhatsApp list, the one kind built.
 */
export function TemplatesScreen() {
  const navigate = useNavigate();
  const path = useLocation({ select: (l) => l.pathname.replace(/\/+$/, '') });
  const go = useCallback((sub = '') => void navigate({ to: sub ? `${AREA}/${sub}` : AREA }), [navigate]);
  const toList = useCallback(() => go(), [go]);
  if (!path.startsWith(AREA)) return <Navigate to={AREA} replace />;
  const sub = path.slice(AREA.length).replace(/^\/+/, '');
  if (sub === 'new') return <TemplateEditor onDone={toList} />;
  if (sub) return <ViewTemplate id={decodeURIComponent(sub)} onDone={toList} />;
  return <TemplateList onCreate={() => go('new')} onView={(id) => go(encodeURIComponent(id))} />;
}
