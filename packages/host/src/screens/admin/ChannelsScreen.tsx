/** Being built (issue 19). */
export function ChannelsScreen() {
  return <div className="screen-loading" />;
}
