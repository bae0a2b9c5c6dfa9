/**
 * The asset library's requests (engine/server/assets-api.ts): list a site's images, upload
 * one, delete one only the draft holds. Sent as every editor request is (editor/lib/api.ts); the upload's body is the file itself.
 */
import { request as send } from '../../lib/api.ts';
import { MAX_ASSET_BYTES, MESSAGES, type SiteAsset } from '../../../engine/assets/asset-rules.ts';

export type { SiteAsset };

const assetsPath = (slug: string) => `/sites/${encodeURIComponent(slug)}/assets`;

export const assetsApi = {
  list: (slug: string) => send<{ assets: SiteAsset[] }>(assetsPath(slug)).then((r) => r.assets),
  /** Refuses an oversized file here, before sending it; the server checks everything again. */
  upload: (slug: string, file: File) => {
    if (file.size > MAX_ASSET_BYTES) return Promise.reject(new Error(MESSAGES.tooLarge));
    return send<{ asset: SiteAsset; removed: string[] }>(
      `${assetsPath(slug)}?name=${encodeURIComponent(file.name)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
      },
    );
  },
  /** Refused by the server with the reason when the image is published or the saved draft uses it. */
  remove: (slug: string, name: string) =>
    send<{ deleted: string }>(`${assetsPath(slug)}/${encodeURIComponent(name)}`, {
      method: 'DELETE',
    }),
};
