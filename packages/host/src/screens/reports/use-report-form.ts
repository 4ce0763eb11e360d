import { useEffect, useState, type FormEvent } from 'react';
import type { Observable } from 'rxjs';
import { showRefusal } from '../../components/show-refusal.js';
import { toast } from '../../stores/toast-store.js';
import { saveFile } from './report-query.js';

type Paged = { from?: number };

/**
 * A report's filter form: a draft of the URL's search that Search applies (back to the first page, through the
 * report's own validator, so the form cannot put into the URL what a hand-edited one could not) and that follows
 * the URL when it changes (Back, Clear).
 */
export function useReportForm<S extends Paged>(search: S, validate: (raw: Record<string, unknown>) => S, go: (next: S) => void) {
  const [draft, setDraft] = useState<S>(search);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the search compared by value: the URL's search is a new object on every render.
  useEffect(() => setDraft(search), [JSON.stringify(search)]);
  const set = (patch: Partial<S>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const { from: _page, ...rest } = draft;
    go(validate(rest as Record<string, unknown>));
  };
  return { draft, set, apply };
}

/** Export CSV (platform-shell's reports): the spec's notice at once, the file when it comes, a refusal as a toast. */
export function useCsvExport(download: () => Observable<{ fileName: string; blob: Blob }>) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = () => {
    setExporting(true);
    toast('file will be download shortly !!', 'info');
    download().subscribe({
      next: saveFile,
      error: (error: unknown) => {
        setExporting(false);
        showRefusal(error);
      },
      complete: () => setExporting(false),
    });
  };
  return { exporting, exportCsv };
}
