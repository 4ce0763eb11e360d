import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import './define.js';
import { ATTACHMENT_SEARCH_DEBOUNCE_MS, ArtifactMessages } from '@parley/sdk/contract/artifact-texts';
import { API_BASE, DEMO, signIn, until } from '../test-support/demo-session.js';
import { click, steady, text, typeInto } from '../test-support/ui.js';
import { UPLOAD_FAILURE_CLOSE_MS } from './AttachmentDialog.js';
import type { Artifact, AttachmentCloseDetail, AttachmentSelectedDetail } from './events.js';

// The attachment dialog (broadcast spec 2, 4, 8, 9) as a user sees it, against the real server. Every attachment
// and bucket of this run carries the run's tag in its name, and the lists are searched for it, so attachments other
// test files leave in the shared demo enterprise never show.

let admin: string;
const run = Math.random().toString(36).slice(2, 8);
const paged: Artifact[] = [];
let bucket: { id: string; name: string };
let bucketed: Artifact[] = [];
let secret: Artifact;
let place: Artifact;
let note: Artifact;
let picture: Artifact;
let mounted: HTMLElement[] = [];

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${API_BASE}/${path}`, {
    method,
    headers: { 'authentication-token': admin, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = await res.json();
  if (!reply.status) throw new Error(`${method} ${path}: ${reply.message} ${JSON.stringify(reply.errors ?? '')}`);
  return reply.data;
}

const create = async (data: Record<string, string>, extra: Record<string, unknown> = {}): Promise<Artifact> =>
  (await api('POST', 'e/enterprise/artifacts', { data: { desc: '', ...data }, isPublic: true, ...extra })).artifact;

/** A real PNG of one colour, drawn on a canvas: the server checks that an image's bytes are an image. */
async function png(name: string, colour: string, size = 64): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const g = canvas.getContext('2d')!;
  g.fillStyle = colour;
  g.fillRect(0, 0, size, size);
  g.fillStyle = '#fff';
  g.fillRect(size / 4, size / 4, size / 2, size / 2);
  const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

async function uploadThroughApi(file: File, fields: Record<string, string> = {}): Promise<Artifact> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  const res = await fetch(`${API_BASE}/e/drive/upload`, { method: 'POST', headers: { 'authentication-token': admin }, body: form });
  const reply = await res.json();
  if (!reply.status) throw new Error(`upload: ${reply.message}`);
  return reply.data.artifact;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const list = () => dialog()?.querySelector<HTMLElement>('.pat-list');
const busy = () => list()?.getAttribute('aria-busy') === 'true';
const rows = () => [...(dialog()?.querySelectorAll<HTMLElement>('.pat-list .pat-row') ?? [])];
const ids = () => rows().map((r) => r.dataset.id!);
const names = () => rows().map((r) => r.querySelector('.pat-name')?.getAttribute('title') ?? '');
const status = () => text(dialog()?.querySelector('.pat-status'));
const button = (label: string) => [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => text(b) === label) as HTMLButtonElement | undefined;
const tab = (label: string) => [...(dialog()?.querySelectorAll('[role="tab"]') ?? [])].find((t) => text(t) === label) as HTMLElement | undefined;
const searchBox = () => dialog()!.querySelector<HTMLInputElement>('input[aria-label="Search attachments"]')!;
const settled = (what: string, timeout = 8000) => until(() => list() && !busy(), what, timeout);

/** Mounts an open dialog and waits until its list has settled on a first answer. */
async function mount(attrs: Record<string, string> = {}) {
  const el = document.createElement('parley-attachment-dialog');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', admin);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  mounted.push(el);
  el.open = true;
  await steady(await until(dialog, 'the dialog'));
  if (attrs.visibility !== 'browse') await settled('the first list');
  return el;
}

/** Types a search and waits out the debounce and the answer. */
async function search(term: string) {
  await typeInto(searchBox(), term);
  await new Promise((r) => setTimeout(r, ATTACHMENT_SEARCH_DEBOUNCE_MS + 100));
  await until(() => !busy(), 'the search');
}

/** Waits for the search to answer: the debounce, then the request. */
async function searchFor(term: string, check: () => boolean, what: string) {
  await search(term);
  await until(() => !busy() && check(), what, 8000);
}

/** The events the element sends, heard on the document (they bubble). */
function listen() {
  const heard: { type: string; detail: unknown }[] = [];
  const record = (e: Event) => heard.push({ type: e.type, detail: (e as CustomEvent).detail });
  document.addEventListener('parley-close', record);
  document.addEventListener('parley-attachment-selected', record);
  const stop = () => {
    document.removeEventListener('parley-close', record);
    document.removeEventListener('parley-attachment-selected', record);
  };
  return { heard, stop };
}

/** Every artifact-list request the page sends, by its query. */
function watchRequests() {
  const seen: URLSearchParams[] = [];
  const original = window.fetch;
  window.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (url.pathname.endsWith('/e/enterprise/artifacts') || url.pathname.endsWith('/e/enterprise/buckets')) seen.push(url.searchParams);
    return original(input, init);
  };
  return { seen, stop: () => (window.fetch = original) };
}

/** Puts a file into Browse's file input, as choosing it in the system's file dialog does. */
function chooseFile(file: File) {
  const input = dialog()!.querySelector<HTMLInputElement>('input[type="file"]')!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('<parley-attachment-dialog>', function () {
  this.timeout(30_000);

  before(async function () {
    this.timeout(60_000);
    admin = await signIn();
    for (let n = 1; n <= 16; n++)
      paged.push(await create({ type: 'URL', name: `Link ${run} number ${String(n).padStart(2, '0')}`, url: `https://example.com/${run}/${n}` }));
    bucket = (await api('POST', 'e/enterprise/buckets', { name: `Folder ${run}`, isPublic: true })).bucket;
    bucketed = [
      await create({ type: 'MSG', name: `Greeting ${run}`, desc: 'Hello and welcome!' }, { bucketId: bucket.id }),
      await create({ type: 'URL', name: `Offer ${run}`, url: 'https://example.com/offer' }, { bucketId: bucket.id }),
    ];
    secret = await create({ type: 'MSG', name: `Secret ${run}`, desc: 'Only for me' }, { isPublic: false });
    place = await create({ type: 'LOCATION', name: `Office ${run}`, address: '12 MG Road, Bengaluru 560001' });
    note = await create({ type: 'MSG', name: `Note ${run}`, desc: 'Thank you for your order' });
    picture = await uploadThroughApi(await png(`picture-${run}.png`, '#3b5bdb'), { isPublic: 'true' });
  });

  afterEach(async () => {
    for (const node of mounted) node.remove();
    mounted = [];
    await until(() => !dialog(), 'the dialog to go');
  });

  it('shows only while open is set: tabs Public, Private and Browse, Public first', async () => {
    const el = document.createElement('parley-attachment-dialog');
    el.setAttribute('token', admin);
    document.body.append(el);
    mounted.push(el);
    await new Promise((r) => setTimeout(r, 300));
    expect(dialog()).to.equal(null);
    el.setAttribute('open', '');
    await steady(await until(dialog, 'the dialog'));
    expect([...dialog()!.querySelectorAll('[role="tab"]')].map((t) => text(t))).to.deep.equal(['Public', 'Private', 'Browse']);
    expect(tab('Public')!.getAttribute('aria-selected')).to.equal('true');
    expect(text(dialog()!.querySelector('h2'))).to.equal('Attachments');
    el.open = false;
    await until(() => !dialog(), 'the dialog to close');
    el.setAttribute('hide-browse', '');
    el.open = true;
    await until(dialog, 'the dialog again');
    expect([...dialog()!.querySelectorAll('[role="tab"]')].map((t) => text(t))).to.deep.equal(['Public', 'Private']);
  });

  it('says it is syncing while the list loads', async () => {
    const el = document.createElement('parley-attachment-dialog');
    el.setAttribute('token', admin);
    document.body.append(el);
    mounted.push(el);
    el.open = true;
    await until(() => status() === ArtifactMessages.syncing, 'the syncing text', 2000);
    await settled('the list');
  });

  it('lists 15 at a time: Show more appends the rest, then No more attachment to show', async () => {
    await mount();
    await searchFor(`Link ${run}`, () => rows().length === 15, 'the first 15 links');
    // Newest first.
    expect(names()).to.deep.equal(
      paged
        .slice(1)
        .reverse()
        .map((a) => a.data.name),
    );
    expect(dialog()!.textContent).not.to.contain(ArtifactMessages.noMore);
    await click(button(ArtifactMessages.showMore)!);
    await until(() => !busy() && rows().length === 16, 'the 16th link');
    expect(names()).to.deep.equal([...paged].reverse().map((a) => a.data.name));
    expect(button(ArtifactMessages.showMore)).to.equal(undefined);
    expect(text(dialog()!.querySelector('.pat-no-more'))).to.equal(ArtifactMessages.noMore);
  });

  it('cuts names to 15 characters with the whole name as title, and shows each kind its own way', async () => {
    await mount();
    await searchFor(run, () => rows().length === 15, 'a page of this run');
    await click(button(ArtifactMessages.showMore)!);
    await until(() => !busy() && rows().length === 21, 'every public attachment of the run');
    const row = (a: Artifact) => rows().find((r) => r.dataset.id === a._id)!;
    const link = row(paged[0]!);
    expect(link.querySelector('.pat-name')!.getAttribute('title')).to.equal(paged[0]!.data.name);
    expect(text(link.querySelector('.pat-name'))).to.have.length(15);
    expect(text(link.querySelector('.pat-name')).endsWith('…')).to.equal(true);
    expect(text(link.querySelector('.pat-url'))).to.equal(paged[0]!.data.url);
    expect(text(row(place).querySelector('.pat-address'))).to.equal('12 MG Road, Bengaluru 560001');
    expect(row(place).querySelector('.pat-address svg')).not.to.equal(null);
    expect(text(row(note).querySelector('q.pat-quote'))).to.equal('Thank you for your order');
    expect(row(note).querySelector('.pat-desc')).to.equal(null);
    expect(text(row(picture).querySelector('.pat-kind'))).to.equal('Image');
    const thumb = row(picture).querySelector<HTMLImageElement>('.pat-thumb img')!;
    expect(thumb).not.to.equal(null);
    await until(() => thumb.complete && thumb.naturalWidth === 64, 'the thumbnail to load');
    // The others show their kind's icon.
    expect(row(note).querySelector('.pat-thumb img')).to.equal(null);
    expect(row(note).querySelector('.pat-thumb svg')).not.to.equal(null);
  });

  it('waits 300 ms of quiet before searching, and says No Available Attachments! when nothing matches', async () => {
    await mount();
    const requests = watchRequests();
    try {
      const term = `Nothing ${run}`;
      await typeInto(searchBox(), term);
      await until(() => status() === ArtifactMessages.none, 'the empty list', 8000);
      const searched = requests.seen.map((q) => q.get('desc'));
      expect(searched).to.deep.equal([term]);
      expect(rows()).to.have.length(0);
    } finally {
      requests.stop();
    }
  });

  it('Bucket lists the folders with their counts; opening one lists its attachments, Back to bucket returns', async () => {
    await mount();
    await click(button('Bucket')!);
    await searchFor(run, () => rows().length === 1, "the run's folder");
    expect(text(rows()[0]!.querySelector('.pat-name'))).to.equal(bucket.name);
    expect(text(rows()[0]!.querySelector('.pat-count'))).to.equal('2');
    await click(rows()[0]!);
    await until(() => !busy() && rows().length === 2, "the folder's attachments");
    expect(ids()).to.have.members(bucketed.map((a) => a._id));
    expect(text(dialog()!.querySelector('.pat-bucket-name'))).to.equal(bucket.name);
    // The folder's own search starts empty.
    expect(searchBox().value).to.equal('');
    await click(button(ArtifactMessages.backToBucket)!);
    await until(() => !busy() && rows().length === 1 && rows()[0]!.classList.contains('pat-folder'), 'the folders again');
    expect(searchBox().value).to.equal(run);
    await click(button('All')!);
    await settled('the All list');
    expect(button(ArtifactMessages.backToBucket)).to.equal(undefined);
  });

  it('Private lists only private attachments, Public none of them', async () => {
    await mount();
    await searchFor(run, () => rows().length === 15, 'the public ones');
    expect(ids()).not.to.include(secret._id);
    await click(tab('Private')!);
    await settled('the private list');
    await searchFor(run, () => rows().length === 1, 'the private one');
    expect(ids()).to.deep.equal([secret._id]);
  });

  it('opens on the tab the visibility attribute names', async () => {
    await mount({ visibility: 'private' });
    expect(tab('Private')!.getAttribute('aria-selected')).to.equal('true');
  });

  it('choosing a row hands over the artifact and closes', async () => {
    const el = await mount();
    const events = listen();
    try {
      await searchFor(`Office ${run}`, () => rows().length === 1, 'the location');
      await click(rows()[0]!);
      await until(() => !dialog(), 'the dialog to close');
      expect(events.heard).to.have.length(1);
      expect(events.heard[0]!.type).to.equal('parley-attachment-selected');
      expect(events.heard[0]!.detail).to.deep.equal({ artifact: place, source: 'list' } satisfies AttachmentSelectedDetail);
      expect(el.hasAttribute('open')).to.equal(false);
    } finally {
      events.stop();
    }
  });

  it('Close and Escape close with reason dismissed', async () => {
    const el = await mount();
    const events = listen();
    try {
      await click(button('Close')!);
      await until(() => !dialog(), 'the dialog to close');
      el.setAttribute('open', '');
      await steady(await until(dialog, 'the dialog again'));
      await sendKeys({ press: 'Escape' });
      await until(() => !dialog(), 'the dialog to close on Escape');
      expect(events.heard).to.deep.equal([
        { type: 'parley-close', detail: { reason: 'dismissed' } },
        { type: 'parley-close', detail: { reason: 'dismissed' } },
      ]);
    } finally {
      events.stop();
    }
  });

  it('media-type IMAGE lists only images, and Browse accepts only image files', async () => {
    await mount({ 'media-type': 'IMAGE' });
    await searchFor(run, () => rows().length === 1, "the run's one image");
    expect(ids()).to.deep.equal([picture._id]);
    await click(tab('Browse')!);
    const input = await until(() => dialog()!.querySelector<HTMLInputElement>('input[type="file"]'), 'the file input');
    expect(input.accept).to.equal('.jpeg,.jpg,.png');
  });

  it('Browse uploads into a bucket with a progress bar, then hands over the new artifact', async () => {
    const el = await mount({ visibility: 'browse' });
    const events = listen();
    let sawProgress = false;
    const observer = new MutationObserver(() => (sawProgress ||= !!dialog()?.querySelector('[role="progressbar"]')));
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      expect(tab('Browse')!.getAttribute('aria-selected')).to.equal('true');
      expect(button('Upload')!.disabled).to.equal(true);
      const file = await png(`upload-${run}.png`, '#2d9d78', 256);
      chooseFile(file);
      await until(() => text(dialog()!.querySelector('.pat-file strong')) === `upload-${run}.png`, 'the chosen file');
      // The bucket picker offers this visibility's folders.
      const picker = [...dialog()!.querySelectorAll<HTMLButtonElement>('button[aria-haspopup="listbox"]')].find((b) => text(b) === 'No bucket')!;
      await until(() => !picker.querySelector('[role="progressbar"]'), 'the buckets');
      await click(picker);
      const option = await until(
        () => [...document.querySelectorAll('[role="option"]')].find((o) => text(o) === bucket.name) as HTMLElement | undefined,
        'the folder option',
      );
      await click(await steady(option));
      await until(() => text(picker).includes(bucket.name), 'the folder chosen');
      await until(() => !document.querySelector('[role="listbox"]'), 'the folder list to close');
      await click(button('Upload')!);
      await until(() => events.heard.length > 0, 'the upload', 10_000);
      expect(sawProgress).to.equal(true);
      expect(events.heard.map((e) => e.type)).to.deep.equal(['parley-attachment-selected']);
      const { artifact, source } = events.heard[0]!.detail as AttachmentSelectedDetail;
      expect(source).to.equal('upload');
      expect(artifact.data.type).to.equal('IMAGE');
      expect(artifact.data.name).to.equal(`upload-${run}.png`);
      expect(artifact.bucketId).to.equal(bucket.id);
      expect(artifact.isPublic).to.equal(true);
      await until(() => !dialog(), 'the dialog to close');
      expect(el.hasAttribute('open')).to.equal(false);
      // It is in the folder now.
      const inside = await api('GET', `e/enterprise/artifacts?visibility=public&bucketId=${bucket.id}&perPage=-1`);
      expect(inside.artifacts.map((a: Artifact) => a._id)).to.include(artifact._id);
    } finally {
      observer.disconnect();
      events.stop();
    }
  });

  it("a refused upload shows the server's message, then closes with reason upload-failed", async function () {
    this.timeout(30_000);
    const el = await mount({ visibility: 'browse' });
    const events = listen();
    try {
      chooseFile(new File(['just some text'], `notes-${run}.txt`, { type: 'text/plain' }));
      await until(() => !button('Upload')!.disabled, 'the Upload button');
      await click(button('Upload')!);
      const alert = await until(() => dialog()?.querySelector('.pat-upload-failure[role="alert"]'), 'the refusal');
      expect(text(alert)).to.equal(ArtifactMessages.invalidFormat);
      expect(events.heard).to.have.length(0);
      expect(button('Upload')!.disabled).to.equal(true);
      await until(() => !dialog(), 'the dialog to close by itself', UPLOAD_FAILURE_CLOSE_MS + 4000);
      expect(events.heard).to.deep.equal([
        { type: 'parley-close', detail: { reason: 'upload-failed', message: ArtifactMessages.invalidFormat } satisfies AttachmentCloseDetail },
      ]);
      expect(el.hasAttribute('open')).to.equal(false);
    } finally {
      events.stop();
    }
  });

  it('a file of another kind than media-type is refused without sending it', async () => {
    await mount({ 'media-type': 'IMAGE', visibility: 'browse' });
    const events = listen();
    try {
      chooseFile(new File(['%PDF-1.4'], `doc-${run}.pdf`, { type: 'application/pdf' }));
      await click(button('Upload')!);
      const alert = await until(() => dialog()?.querySelector('.pat-upload-failure[role="alert"]'), 'the refusal');
      expect(text(alert)).to.equal(ArtifactMessages.invalidFormat);
      // Close now rather than wait: it still reports the failure.
      await click(button('Close')!);
      await until(() => !dialog(), 'the dialog to close');
      expect(events.heard).to.deep.equal([{ type: 'parley-close', detail: { reason: 'upload-failed', message: ArtifactMessages.invalidFormat } }]);
    } finally {
      events.stop();
    }
  });

  it('offline, says so and sends nothing; back online, it loads', async () => {
    const requests = watchRequests();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const el = document.createElement('parley-attachment-dialog');
      el.setAttribute('token', admin);
      document.body.append(el);
      mounted.push(el);
      el.open = true;
      await until(() => status() === ArtifactMessages.offline, 'the offline text');
      await click(button('Bucket')!);
      await until(() => status() === ArtifactMessages.offline, 'the offline text for buckets');
      await new Promise((r) => setTimeout(r, 400));
      expect(requests.seen).to.have.length(0);
      delete (navigator as { onLine?: boolean }).onLine;
      window.dispatchEvent(new Event('online'));
      await until(() => !busy() && rows().length > 0, 'the folders once online', 8000);
      expect(requests.seen.length).to.be.greaterThan(0);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      requests.stop();
    }
  });

  it('a session that is no longer valid shows Session Expired,Please Login Again!', async () => {
    const el = document.createElement('parley-attachment-dialog');
    el.setAttribute('token', 'not-a-session');
    document.body.append(el);
    mounted.push(el);
    el.open = true;
    await until(() => status() === ArtifactMessages.sessionExpired, 'the session text', 8000);
    expect(dialog()!.querySelector('.pat-status[role="alert"]')).not.to.equal(null);
  });

  it("a user without the attachments permission sees Error in fetching Attachments and the server's words", async () => {
    const viewer = await signIn(DEMO.viewer);
    const refusal = await fetch(`${API_BASE}/e/enterprise/artifacts?visibility=public`, { headers: { 'authentication-token': viewer } }).then((r) => r.json());
    expect(refusal.status).to.equal(false);
    expect(refusal.code).to.equal(1403);
    const el = document.createElement('parley-attachment-dialog');
    el.setAttribute('token', viewer);
    document.body.append(el);
    mounted.push(el);
    el.open = true;
    const alert = await until(() => dialog()?.querySelector('.pat-status.pat-error[role="alert"]'), 'the refusal', 8000);
    expect(text(alert.firstElementChild)).to.equal(ArtifactMessages.fetchError);
    expect(text(alert.querySelector('.pat-server-words'))).to.equal(refusal.message);
    expect(rows()).to.have.length(0);
  });
});
