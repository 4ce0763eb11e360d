// A stylesheet imported as its text (`import css from './x.css?inline'`): Vite reads the suffix itself; the element
// bundles and tests use the same convention through packages/elements/scripts/css-text.mjs.
declare module '*.css?inline' {
  const css: string;
  export default css;
}
