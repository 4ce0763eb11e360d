/**
 * The template preview (platform-shell 3, Template components): a React component, not a custom element, for React
 * hosts (the console's template editor, the broadcast form). `import { TemplatePreview } from
 * '@parley/elements/template-preview/template-preview'`.
 */
export { TemplatePreview, type TemplatePreviewProps } from './TemplatePreview.js';
export { formatWhatsApp, WhatsAppText } from './whatsapp-format.js';
export type { PartValues, PreviewValues, VariableValues } from './preview-values.js';
