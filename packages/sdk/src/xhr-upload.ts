import type { Envelope } from './contract/envelope.js';

export type UploadEvent<T> = { type: 'progress'; loaded: number; total: number } | { type: 'done'; data: T };

/**
 * Sends a multipart body with XMLHttpRequest, whose upload events fetch does not offer (platform-shell 7.4: "progress
 * events"). Resolves to the HTTP status and the parsed envelope; rejects on a network failure or an abort.
 */
export function xhrSend(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: FormData,
  signal: AbortSignal,
  onProgress: (loaded: number, total: number) => void,
): Promise<{ status: number; envelope: Envelope }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => {
      try {
        resolve({ status: xhr.status, envelope: JSON.parse(xhr.responseText) as Envelope });
      } catch (cause) {
        reject(cause instanceof Error ? cause : new Error(String(cause)));
      }
    };
    xhr.onerror = () => reject(new Error('network error'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
