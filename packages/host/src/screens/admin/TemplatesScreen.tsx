import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TemplateEditor } from './templates/TemplateEditor.js';
import { TemplateList } from './templates/TemplateList.js';
import { ViewTemplate } from './templates/ViewTemplate.js';
import './templates/templates.css';

/**
 * Message Templates (WhatsApp): the list at `/admin/messageTemplate/whatsapp`, the editor at `.../new`, a saved
 * template's read-only view at `.../<id>`.
 */
const viewRoute = getRouteApi('/console/admin/messageTemplate/whatsapp/$templateId');

function useToList() {
  const navigate = useNavigate();
  return useCallback(() => void navigate({ to: '/admin/messageTemplate/whatsapp' }), [navigate]);
}

export function TemplateListPage() {
  const navigate = useNavigate();
  return (
    <TemplateList
      onCreate={() => void navigate({ to: '/admin/messageTemplate/whatsapp/new' })}
      onView={(templateId) => void navigate({ to: '/admin/messageTemplate/whatsapp/$templateId', params: { templateId } })}
    />
  );
}

export function NewTemplatePage() {
  return <TemplateEditor onDone={useToList()} />;
}

export function ViewTemplatePage() {
  const { templateId } = viewRoute.useParams();
  return <ViewTemplate key={templateId} id={templateId} onDone={useToList()} />;
}
