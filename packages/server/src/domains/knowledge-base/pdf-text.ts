import { extractText, getDocumentProxy, getMeta } from 'unpdf';

/** What a reader would call the document, and its text page by page. */
export interface PdfText {
  title: string | null;
  pages: string[];
}

/** Beyond this many pages a document is cut: a knowledge base answers from manuals and menus, not books. */
export const MAX_PDF_PAGES = 300;

/**
 * The text of a PDF through pdf.js (`unpdf`, its server build without a canvas): the extractor browsers use, so
 * what a user sees in a viewer is what the knowledge base reads. A document that pdf.js cannot open throws.
 */
export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of the buffer it is given: a copy leaves the caller's intact.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const meta = await getMeta(pdf).catch(() => ({ info: {} as Record<string, unknown> }));
    const { text } = await extractText(pdf, { mergePages: false });
    const title = typeof meta.info?.Title === 'string' && meta.info.Title.trim() ? meta.info.Title.trim() : null;
    return { title, pages: text.slice(0, MAX_PDF_PAGES) };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
