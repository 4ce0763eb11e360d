/**
 * Download Sample (customer-master 2): the sample csv, fetched with the session token (a plain link could not send
 * the header) and handed to the browser as a file through a blob URL. A refusal comes back as an envelope.
 */
export async function downloadSample(apiBase: string, token: string | null): Promise<void> {
  const response = await fetch(`${apiBase.replace(/\/+$/, '')}/customer/upload/sample`, { headers: token ? { 'authentication-token': token } : {} });
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    const envelope = (await response.json()) as { message?: string };
    throw new Error(envelope.message || 'The sample file could not be downloaded');
  }
  if (!response.ok) throw new Error('The sample file could not be downloaded');
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'sample.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob when the click is handled; release it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
