/**
 * What the form shows only once a template is chosen (its media, its variables, its preview), fetched right after the
 * form's first render: before a template is chosen the form has channel, template and numbers, and the sender's first
 * load carries none of Spectrum's tabs, menus and pickers the mapping uses.
 */
export { MediaFields } from './MediaFields.js';
export { VariableMapping } from './VariableMapping.js';
export { TemplatePreview } from '../template-preview/template-preview.js';
