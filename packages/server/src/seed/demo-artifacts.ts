import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { PNG } from 'pngjs';
import type { Db } from '../db/database.js';
import { artifacts, buckets } from '../db/schema.js';
import { fileUrl } from '../domains/artifacts/vendor-url.js';
import type { FileStore } from '../storage/file-store.js';

export const DEMO_BUCKET = 'Spring campaign';

/** A fixed id per demo image, so other demo data (templates' image headers) can point at them before they exist. */
const demoId = (label: string) => {
  const h = createHash('sha256').update(`parley-demo-artifact:${label}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

type Rgb = [number, number, number];
/** The bucket's three images, in the order `demoImageUrl` numbers them (1, 2, 3). */
export const DEMO_IMAGES: { id: string; name: string; desc: string; colour: Rgb; accent: Rgb }[] = [
  { id: demoId('spring-1'), name: 'Spring sale banner.png', desc: 'Spring sale: 20% off everything', colour: [46, 139, 87], accent: [255, 214, 102] },
  { id: demoId('spring-2'), name: 'New arrivals.png', desc: 'New arrivals for the season', colour: [65, 105, 225], accent: [255, 255, 255] },
  { id: demoId('spring-3'), name: 'Weekend offer.png', desc: 'Weekend offer card', colour: [214, 69, 65], accent: [255, 236, 179] },
];

/** Where demo image `n` (1 to 3) of the "Spring campaign" bucket is served: a path, on whatever address the server has. */
export function demoImageUrl(n: number): string {
  const image = DEMO_IMAGES[n - 1];
  if (!image) throw new Error(`there are ${DEMO_IMAGES.length} demo images, not ${n}`);
  return fileUrl(image.id, image.name);
}

const DEMO_PDF_ID = demoId('price-list');

/**
 * The library's files by the names the demo templates' examples use, so the seeded templates preview the seeded
 * images (the console's CSP shows same-site images only). Paths, not URLs: the first start's address is not frozen
 * into the templates, so they preview on any address the console is opened at.
 */
export function demoMediaUrls(): Record<string, string> {
  return {
    'linen-shirt.jpg': demoImageUrl(1),
    'canvas-sneakers.jpg': demoImageUrl(2),
    'straw-hat.jpg': demoImageUrl(3),
    'new-arrivals.jpg': demoImageUrl(2),
    'flash-sale.jpg': demoImageUrl(3),
    'invoice.pdf': fileUrl(DEMO_PDF_ID, 'Price list.pdf'),
  };
}

/** An 800 x 600 card: a coloured ground, a light panel and a band of the accent colour. */
export function demoCard(colour: Rgb, accent: Rgb, width = 800, height = 600): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const panel = x > 60 && x < width - 60 && y > 60 && y < height - 60;
      const band = panel && y > height - 200 && y < height - 120;
      const [r, g, b] = band ? accent : panel ? colour.map((c) => Math.round(c + (255 - c) * 0.85)) : colour;
      const i = (y * width + x) * 4;
      png.data[i] = r!;
      png.data[i + 1] = g!;
      png.data[i + 2] = b!;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A one-page PDF written by hand: header, five objects, a cross-reference table with exact offsets, trailer. */
export function demoPdf(lines: string[]): Buffer {
  const text = lines.map((l, i) => `BT /F1 14 Tf 50 ${750 - i * 24} Td (${l.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const PRICE_LIST = ['Price list - Spring', 'Starter pack ........ Rs. 499', 'Family pack ......... Rs. 1,299', 'Gift card ........... Rs. 2,000'];

/**
 * The demo library: a public bucket "Spring campaign" with three image cards, a price list PDF, a location, a link
 * and a message, and one private image of the admin's. Files are written first, then the rows in one transaction; a
 * failure removes the files it wrote.
 */
export async function seedDemoArtifacts(db: Db, files: FileStore, eId: string, adminId: string) {
  const written: string[] = [];
  const store = async (id: string, bytes: Buffer) => {
    const key = `artifacts/${eId}/${id}`;
    written.push(key);
    await files.write(key, Readable.from([bytes]));
    return { storageKey: key, size: bytes.length };
  };
  try {
    const bucketId = randomUUID();
    const base = { eId, createdBy: adminId, adminCreated: true, isPublic: true };
    const now = Date.now();
    const rows: (typeof artifacts.$inferInsert)[] = [];
    for (const image of DEMO_IMAGES) {
      rows.push({
        ...base,
        id: image.id,
        type: 'IMAGE',
        name: image.name,
        desc: image.desc,
        mimeType: 'image/png',
        width: 800,
        height: 600,
        bucketId,
        ...(await store(image.id, demoCard(image.colour, image.accent))),
      });
    }
    const pdfId = DEMO_PDF_ID;
    rows.push({
      ...base,
      id: pdfId,
      type: 'DOC',
      name: 'Price list.pdf',
      desc: 'Spring price list',
      mimeType: 'application/pdf',
      ...(await store(pdfId, demoPdf(PRICE_LIST))),
    });
    rows.push({ ...base, type: 'LOCATION', name: 'Head office', desc: 'Visit us', address: '12 Residency Road, Bengaluru 560025' });
    rows.push({ ...base, type: 'URL', name: 'Store locator', desc: 'Find the store nearest to you', url: 'https://example.com/stores' });
    rows.push({ ...base, type: 'MSG', name: 'Opening hours', desc: 'We are open Monday to Saturday, 9 am to 7 pm, and on Sunday from 10 am to 2 pm.' });
    const privateId = randomUUID();
    rows.push({
      ...base,
      id: privateId,
      isPublic: false,
      type: 'IMAGE',
      name: 'My draft card.png',
      desc: 'Draft, not for customers yet',
      mimeType: 'image/png',
      width: 800,
      height: 600,
      ...(await store(privateId, demoCard([90, 90, 110], [240, 240, 240]))),
    });
    // One creation time each, newest first as listed above, so the library's order is stable.
    await db.transaction(async (tx) => {
      await tx.insert(buckets).values({ id: bucketId, eId, name: DEMO_BUCKET, isPublic: true, createdBy: adminId });
      await tx.insert(artifacts).values(rows.map((r, i) => ({ ...r, createdAt: new Date(now - i * 60_000) })));
    });
  } catch (err) {
    await Promise.all(written.map((key) => files.remove(key)));
    throw err;
  }
}
