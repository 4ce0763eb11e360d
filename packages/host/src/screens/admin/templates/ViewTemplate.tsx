import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { Template } from '@parley/sdk/contract/templates';
import { api } from '../../../stores/session-store.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { fromTemplate } from './template-form.js';
import { TemplateEditor } from './TemplateEditor.js';

/** A saved template in the editor, read-only, with its preview and status (a submitted template cannot be edited). */
export function ViewTemplate({ id, onDone }: { id: string; onDone(): void }) {
  const [template, setTemplate] = useState<Template | null>(null);
  useEffect(() => {
    let current = true;
    firstValueFrom(api.templates.get({ id }))
      .then((reply) => current && setTemplate(reply.template))
      .catch((error: unknown) => {
        if (!current) return;
        showRefusal(error);
        onDone();
      });
    return () => {
      current = false;
    };
  }, [id, onDone]);
  if (!template) return <div className="screen-loading" aria-busy="true" />;
  return (
    <TemplateEditor
      key={template.id}
      onDone={onDone}
      view={{ form: fromTemplate(template), channelName: template.channelName, status: template.status, rejectedReason: template.rejectedReason }}
    />
  );
}
