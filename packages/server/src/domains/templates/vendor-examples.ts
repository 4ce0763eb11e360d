import type { TemplateComponent } from '@parley/sdk/contract/templates';
import { ourFileId } from '../artifacts/vendor-url.js';

/**
 * A template's components as the vendor gets them: example media that are our files (paths, as the API hands them
 * out) become absolute on PUBLIC_URL, the address the vendor's reviewers fetch them from. Stored templates keep the
 * paths, so their previews work on any address the console is opened at.
 */
export function withVendorExamples(components: TemplateComponent[], publicUrl: string): TemplateComponent[] {
  const absolute = (url: unknown) => (typeof url === 'string' && ourFileId(url, publicUrl) ? new URL(url, publicUrl).href : url);
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, key === 'header_handle' && Array.isArray(value) ? value.map(absolute) : walk(value)]),
    );
  };
  return walk(components) as TemplateComponent[];
}
