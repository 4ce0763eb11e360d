/** The white-label file of platform-shell 3: looks that can be replaced per host. */
export interface WhiteLabel {
  colors: Record<string, string>;
  logoPath: string;
  favIconPath: string;
  loaderPath: string;
  dashBoardVideo?: string;
  info: { title: string; email: string; mcmiTitle?: string; propertyTitle?: string };
  banners?: string[];
}

export const DEFAULT_WHITE_LABEL = 'default';

/** Host name with dots replaced by underscores; the same name is used for the folder and the file (spec 4.1). */
export const whiteLabelName = (host: string) => host.split(':')[0]!.replace(/\./g, '_');
export const whiteLabelUrl = (name: string, base = '/whitelabel') => `${base}/${name}/${name}.json`;

async function fetchJson(fetchImpl: typeof fetch, url: string): Promise<Partial<WhiteLabel> | null> {
  try {
    const res = await fetchImpl(url);
    if (!res.ok) return null;
    return (await res.json()) as Partial<WhiteLabel>;
  } catch {
    return null;
  }
}

/**
 * The host's white-label file over the default one: anything the host file leaves out (title, email, colours)
 * comes from the default file.
 */
export async function loadWhiteLabel(host: string, fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a)): Promise<WhiteLabel> {
  const fallback = (await fetchJson(fetchImpl, whiteLabelUrl(DEFAULT_WHITE_LABEL))) ?? {};
  const name = whiteLabelName(host);
  const own = name === DEFAULT_WHITE_LABEL ? null : await fetchJson(fetchImpl, whiteLabelUrl(name));
  const merged = { ...fallback, ...own };
  return {
    colors: { ...fallback.colors, ...own?.colors },
    logoPath: merged.logoPath ?? '',
    favIconPath: merged.favIconPath ?? '',
    loaderPath: merged.loaderPath ?? '',
    ...(merged.dashBoardVideo ? { dashBoardVideo: merged.dashBoardVideo } : {}),
    info: { title: 'Parley', email: '', ...fallback.info, ...own?.info },
    ...(merged.banners ? { banners: merged.banners } : {}),
  };
}

/** `colors.primary` becomes `--parley-primary`, and so on: the white-label file speaks the token names. */
export function applyWhiteLabel(label: WhiteLabel, doc: Document = document): void {
  for (const [name, value] of Object.entries(label.colors)) {
    doc.documentElement.style.setProperty(`--parley-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, value);
  }
  if (label.favIconPath) {
    let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = doc.createElement('link');
      link.rel = 'icon';
      doc.head.appendChild(link);
    }
    link.href = label.favIconPath;
  }
  doc.title = label.info.title;
}
