/**
 * The image address field with the site's asset library: the address as text (an https
 * image elsewhere still works), a thumbnail, and "Choose image…", which opens the site's
 * images as a grid to pick from, an upload, and a delete for an image only the draft holds
 * (DeleteImageDialog; docs/editor-design.md, "Asset library"). An uploaded image is picked at
 * once, unless staff chose again while it uploaded (another upload, an image of the grid, a
 * typed address): the latest choice stands, whichever upload answers last. The server checks
 * an image's type by content and its size.
 */
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useId, useRef, useState } from 'react';
import { assetsApi, type SiteAsset } from './assets-client.ts';
import { DeleteImageDialog } from './DeleteImageDialog.tsx';
import { useSiteSlug } from './site-source.ts';
import './pickers.css';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml';

export function AssetPicker(props: WidgetProps) {
  const { id, value, label, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors } =
    props;
  const src = typeof value === 'string' ? value : '';
  const showable = /^(?:\/(?!\/)|https:\/\/)/.test(src);
  const slug = useSiteSlug();
  const [open, setOpen] = useState(false);
  const [assets, setAssets] = useState<SiteAsset[]>();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<SiteAsset>();
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  /** Counts the choices made: an upload picks its image only if no choice came after it started. */
  const choices = useRef(0);

  useEffect(() => {
    if (!open || !slug) return;
    let live = true;
    assetsApi.list(slug).then(
      // An upload that finished first stays in the grid, whichever answer came last.
      (list) =>
        live &&
        setAssets((shown) => [
          ...(shown ?? []).filter((a) => !list.some((b) => b.url === a.url)),
          ...list,
        ]),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [open, slug]);

  const choose = (asset: SiteAsset) => {
    choices.current++;
    onChange(asset.url);
    setOpen(false);
    setStatus('');
    toggleRef.current?.focus();
  };

  const upload = async (file: File) => {
    if (!slug) return;
    const choice = ++choices.current;
    setError('');
    setStatus(`Uploading ${file.name}…`);
    try {
      const { asset, removed } = await assetsApi.upload(slug, file);
      setAssets((list) => [asset, ...(list ?? []).filter((a) => a.url !== asset.url)]);
      const latest = choice === choices.current;
      if (latest) onChange(asset.url);
      const cleaned = removed.length
        ? ` Removed from the SVG for safety: ${removed.join(', ')}.`
        : '';
      setStatus(
        latest
          ? `Uploaded ${file.name} and chose it.${cleaned}`
          : `Uploaded ${file.name}; it is in the images below (you chose another since).${cleaned}`,
      );
    } catch (err) {
      if (choice === choices.current) setStatus('');
      setError((err as Error).message);
    }
  };

  return (
    <span className="fc-image-src">
      <input
        id={id}
        type="url"
        spellCheck={false}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        aria-invalid={rawErrors?.length ? true : undefined}
        placeholder="/assets/… or https://…"
        value={src}
        onChange={(e) => {
          choices.current++;
          onChange(e.target.value === '' ? undefined : e.target.value);
        }}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      {showable && <img src={src} alt="" className="fc-image-thumb" loading="lazy" />}
      {slug && (
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          disabled={disabled || readonly}
          onClick={() => setOpen(!open)}
        >
          Choose image…
        </button>
      )}
      {slug && open && (
        <span
          id={panelId}
          role="group"
          aria-label={`${label || 'Image'}: images of this site`}
          className="fc-asset-library"
        >
          <label>
            Upload an image (PNG, JPEG, WebP or SVG)
            <input
              type="file"
              accept={ACCEPT}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </label>
          <span role="status" className="fc-help">
            {status}
          </span>
          {error && (
            <span role="alert" className="fc-error">
              {error}
            </span>
          )}
          {assets === undefined && !error && (
            <span className="fc-muted">Loading the site&apos;s images…</span>
          )}
          {assets?.length === 0 && (
            <span className="fc-muted">This site has no images yet: upload one.</span>
          )}
          {assets && assets.length > 0 && (
            <ul className="fc-asset-grid" aria-label="Images of this site">
              {assets.map((a) => (
                <li key={a.url}>
                  <button
                    type="button"
                    aria-pressed={a.url === src}
                    onClick={() => choose(a)}
                    title={a.name}
                  >
                    <img src={a.url} alt="" loading="lazy" />
                    <span>{a.name}</span>
                  </button>
                  {!a.published && (
                    <button
                      type="button"
                      className="fc-asset-delete"
                      aria-label={`Delete ${a.name}`}
                      disabled={disabled || readonly}
                      onClick={() => setDeleting(a)}
                    >
                      Delete
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </span>
      )}
      {slug && deleting && (
        <DeleteImageDialog
          slug={slug}
          asset={deleting}
          onDeleted={(gone) => {
            setAssets((list) => list?.filter((a) => a.url !== gone.url));
            setStatus(`Deleted ${gone.name}.`);
          }}
          onClose={() => setDeleting(undefined)}
          fallbackFocus={() => toggleRef.current}
        />
      )}
    </span>
  );
}
