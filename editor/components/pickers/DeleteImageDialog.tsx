/**
 * Asks before an image the draft alone holds is deleted from the asset library
 * (docs/editor-guide.md, "Images"). A picture the draft being edited still shows is not sent
 * for deletion: the places are named, in staff words, so staff can choose another there first.
 * The server checks the saved draft again (engine/server/asset-delete.ts).
 */
import { useContext, useState } from 'react';
import { imagePlaces } from '../../../engine/document/words/image-places.ts';
import type { Doc } from '../../lib/doc.ts';
import { StoreContext } from '../../lib/hooks.ts';
import { Dialog } from '../Dialog.tsx';
import { assetsApi, type SiteAsset } from './assets-client.ts';

export function DeleteImageDialog(props: {
  slug: string;
  asset: SiteAsset;
  onDeleted: (asset: SiteAsset) => void;
  onClose: () => void;
  /** Where focus goes when the dialog closes after the image (and its button) went. */
  fallbackFocus: () => HTMLElement | null | undefined;
}) {
  const { slug, asset } = props;
  const store = useContext(StoreContext);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const remove = async () => {
    // The draft being edited, unsaved changes included.
    const resolved = store?.getState().resolved as Doc | undefined;
    const places = resolved ? imagePlaces(resolved, asset.url) : [];
    if (places.length)
      return setProblem(
        `The draft still shows this image (${places.join('; ')}). Choose another picture there first.`,
      );
    setBusy(true);
    setProblem('');
    try {
      await assetsApi.remove(slug, asset.name);
      props.onDeleted(asset);
      props.onClose();
    } catch (err) {
      setProblem((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Delete this image?"
      description={`${asset.name} was uploaded to this draft and is not published. It is taken out of the draft; you can upload it again.`}
      onClose={props.onClose}
      fallbackFocus={props.fallbackFocus}
      testId="delete-image"
      actions={
        <>
          <button type="button" onClick={props.onClose} data-autofocus>
            Keep it
          </button>
          <button type="button" className="fc-danger" onClick={() => void remove()} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete image'}
          </button>
        </>
      }
    >
      {problem && (
        <p role="alert" className="fc-error">
          {problem}
        </p>
      )}
    </Dialog>
  );
}
