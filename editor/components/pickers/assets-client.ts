/**
 * The asset library's requests (engine/server/assets-api.ts): list a site's images, upload
 * one. Sent like every editor request (editor/lib/api.ts): the editor token and the staff
 * name; a refused token shows the sign-in. The upload's body is the file itself.
 */
import { API_BASE } from '../../lib/api.ts';
import { accessRefused, currentStaffName, currentToken } from '../../lib/auth.ts';
import { MAX_ASSET_BYTES, MESSAGES, type SiteAsset } from '../../../engine/server/asset-rules.ts';

export type { SiteAsset };

async function send<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = currentToken();
  const staff = currentStaffName();
  let res: Response;
  try {
    res = await fetch(API_BASE + path, {
      ...init,
      headers: {
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(staff ? { 'X-Forecourt-Staff': encodeURIComponent(staff) } : {}),
        ...init.headers,
      },
    });
  } catch (err) {
    throw new Error(`The server could not be reached (${(err as Error).message}).`);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, any>;
  if (!res.ok) {
    if (res.status === 401 || res.status === 403) accessRefused(res.status, body.error, token);
    throw new Error(typeof body.error === 'string' ? body.error : `The server answered ${res.status} ${res.statusText}.`);
  }
  return body as T;
}

const assetsPath = (slug: string) => `/sites/${encodeURIComponent(slug)}/assets`;

export const assetsApi = {
  list: (slug: string) => send<{ assets: SiteAsset[] }>(assetsPath(slug)).then((r) => r.assets),
  /** Refuses an oversized file here, before sending it; the server checks everything again. */
  upload: (slug: string, file: File) => {
    if (file.size > MAX_ASSET_BYTES) return Promise.reject(new Error(MESSAGES.tooLarge));
    return send<{ asset: SiteAsset; removed: string[] }>(`${assetsPath(slug)}?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    });
  },
};
