import { firstValueFrom } from 'rxjs';
import { artifactsRoutes } from '@parley/sdk/contract/routes';
import { ParleyTransport, bindApi } from '@parley/sdk/transport';

/**
 * The calls the attachment dialog makes, bound from the SDK's zod-free route table: a broadcast or chat screen that
 * embeds it loads the transport and the contract's types, not zod.
 */
export class AttachmentClient extends ParleyTransport {
  readonly artifacts = bindApi(this, { list: artifactsRoutes.list, buckets: artifactsRoutes.buckets });

  /** Browse: a file from the device, with progress events, then the new artifact. */
  uploadFile(input: { file: File; isPublic: boolean; bucketId?: string }) {
    const { file, isPublic, bucketId } = input;
    return this.upload(artifactsRoutes.upload, { isPublic, bucketUpload: bucketId ? true : undefined, bucketId, file });
  }

  /**
   * A served file's address as the page reaches it: the server answers paths on its own origin, the API base's
   * origin when the element sits on a partner page.
   */
  fileUrl(url: string): string {
    try {
      return new URL(url, new URL(this.options.baseUrl, document.baseURI)).href;
    } catch {
      return url;
    }
  }

  /**
   * A private file as an object URL: it is served only with the creator's session, which an `<img>` cannot send. The
   * session goes only to the API's own origin, never to a URL elsewhere.
   */
  async privateFileUrl(url: string, signal: AbortSignal): Promise<string> {
    const target = new URL(this.fileUrl(url));
    const api = new URL(this.options.baseUrl, document.baseURI);
    const token = target.origin === api.origin ? await firstValueFrom(this.token$) : null;
    const res = await this.fetchImpl(target.href, { headers: token ? { 'authentication-token': token } : {}, signal });
    if (!res.ok) throw new Error(`file ${res.status}`);
    return URL.createObjectURL(await res.blob());
  }
}
