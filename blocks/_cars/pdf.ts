/**
 * Download the car's PDF summary sheet (docs/cars.md, "Car page"): GET {api}/cars/{slug}/pdf?site= and save it
 * as {slug}.pdf. A failure shows an alert with the error message and answers false.
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import { apiUrl } from '../_forms/api.ts';

export const PDF_FAILED = 'The PDF could not be downloaded. Please try again.';

export interface PdfEffects {
  fetch: typeof fetch;
  alert(message: string): void;
  /** Saves the file (default: an object URL clicked as a download link). */
  save(blob: Blob, filename: string): void;
}

export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadCarPdf(
  site: Pick<ResolvedSite, 'api' | 'slug'>,
  slug: string,
  effects?: Partial<PdfEffects>,
): Promise<boolean> {
  const doFetch = effects?.fetch ?? globalThis.fetch;
  const alertFn = effects?.alert ?? ((m: string) => window.alert(m));
  const save = effects?.save ?? saveBlob;
  const filename = `${slug}.pdf`;
  try {
    const res = await doFetch(
      apiUrl(site, `/cars/${encodeURIComponent(slug)}/pdf?site=${encodeURIComponent(site.slug)}`),
      {
        headers: { Accept: 'application/pdf' },
        credentials: 'same-origin',
      },
    );
    if (!res.ok) {
      const body = (await res.json().catch(() => undefined)) as { error?: unknown } | undefined;
      throw new Error(typeof body?.error === 'string' && body.error ? body.error : PDF_FAILED);
    }
    save(await res.blob(), filename);
    return true;
  } catch (err) {
    alertFn(
      err instanceof Error && err.message && !/fetch|network/i.test(err.message)
        ? err.message
        : PDF_FAILED,
    );
    return false;
  }
}
