/** Hands a downloaded file to the browser's save through a blob URL (a plain link could not send the session header). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the URL is kept a while for slow save dialogs.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
