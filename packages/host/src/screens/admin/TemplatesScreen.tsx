/** Being built (issue 19). */
export function TemplatesScreen() {
  return <div className="screen-loading" />;
}
