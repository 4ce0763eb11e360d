/** Being built (issue 19). */
export function LibraryScreen() {
  return <div className="screen-loading" />;
}
