import DESIGNER_CSS from './designer-styles.css?inline';

let injected = false;

/** Adds the designer's rules (designer-styles.css; the other screens share them) once, on first render. */
export function ensureDesignerStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const style = document.createElement('style');
  style.dataset.parley = 'agent-designer';
  style.textContent = DESIGNER_CSS;
  document.head.append(style);
}

/** For screens that bring their own rules: each block is added once, under its name. */
export function ensureStyles(name: string, css: string): void {
  if (typeof document === 'undefined' || document.head.querySelector(`style[data-parley="${name}"]`)) return;
  const style = document.createElement('style');
  style.dataset.parley = name;
  style.textContent = css;
  document.head.append(style);
}
