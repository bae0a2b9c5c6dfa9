/**
 * What a page's photos cost a phone (docs/cars.md, "Demo photos"; issue 30's aim): the image
 * bytes a 390 px phone fetches while it loads the page, without scrolling (lazy photos far
 * below are not fetched; those near the first screen are, and count). Shared by the pagespeed
 * bench and the browser test (tests/browser/photo-budget.test.ts).
 */
import type { Browser } from 'playwright-core';

/** A 390 px phone: an iPhone 12 to 15's viewport, at its 3 device pixels per CSS pixel. */
export const PHONE_390 = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
} as const;

/** Image bytes for the first screen of a car or search page on that phone. */
export const FIRST_SCREEN_IMAGE_BUDGET = 150 * 1024;

/** A demo camera photo's address (demo/photos/camera-photos.ts). */
export const CAMERA_PHOTO_PATH = /^\/assets\/cars\/\d+\/\d+-[0-9a-f]{12}-c[0-9a-f]{6}\.jpg$/;

export interface ImagesFetched {
  bytes: number;
  images: { path: string; bytes: number; type: string }[];
}

/** The images `url` fetches on a 390 px phone until the network is quiet, in a fresh context (no cache). */
export async function firstScreenImages(browser: Browser, url: string): Promise<ImagesFetched> {
  const context = await browser.newContext(PHONE_390);
  try {
    const page = await context.newPage();
    const bodies: Promise<ImagesFetched['images'][number] | undefined>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'image') return;
      const u = new URL(res.url());
      bodies.push(
        res
          .body()
          .then((body) => ({
            path: u.pathname + u.search,
            bytes: body.length,
            type: res.headers()['content-type'] ?? '',
          }))
          .catch(() => undefined),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const images = (await Promise.all(bodies)).filter((i) => i !== undefined);
    return { bytes: images.reduce((s, i) => s + i.bytes, 0), images };
  } finally {
    await context.close();
  }
}

/**
 * Waits until every camera photo `pageUrl`'s HTML names answers at each width its `srcset`
 * offers, as AVIF (Chromium's first choice). The server makes them in the background from its
 * start, with those sizes (demo/inventory/camera-cars.ts; a couple of seconds each on a busy
 * machine, and a request for one not made yet may outlast its time budget), so a measurement
 * counts photos, not their making.
 */
export async function waitForCameraPhotos(pageUrl: string, timeoutMs = 240_000): Promise<void> {
  const origin = new URL(pageUrl).origin;
  const html = await (await fetch(pageUrl)).text();
  const photos = new Set(
    [...html.matchAll(/\/assets\/cars\/\d+\/\d+-[0-9a-f]{12}-c[0-9a-f]{6}\.jpg(?:\?w=\d+)?/g)].map(
      (m) => m[0],
    ),
  );
  const until = Date.now() + timeoutMs;
  for (const photo of photos) {
    const url = `${origin}${photo.includes('?') ? photo : `${photo}?w=160`}`;
    for (;;) {
      const res = await fetch(url, { headers: { Accept: 'image/avif,image/webp,*/*' } }).catch(
        () => undefined,
      );
      await res?.arrayBuffer();
      if (res?.ok) break;
      if (Date.now() > until) throw new Error(`${photo} was not made in ${timeoutMs / 1000} s`);
      // A photo being made answers 503 after the request's time budget: ask again at once.
    }
  }
}

/**
 * The slug of an in-stock car of a site whose first photo is a camera photo (the first cars of
 * each dealership have them: demo/inventory/camera-cars.ts), asked with the site's search key.
 */
export async function cameraCarOf(base: string, site: string): Promise<string> {
  const res = await fetch(`${base}/1/indexes/Car_production/query`, {
    method: 'POST',
    headers: { 'X-Algolia-API-Key': `site.${site}` },
    body: JSON.stringify({
      filters: 'status:in_stock',
      hitsPerPage: 20,
      attributesToRetrieve: ['slug', 'images'],
    }),
  });
  const { hits = [] } = (await res.json()) as {
    hits?: { slug: string; images?: { url: string }[] }[];
  };
  const car = hits.find((h) => CAMERA_PHOTO_PATH.test(h.images?.[0]?.url ?? ''));
  if (!car) throw new Error(`no car of ${site} with camera photos among its first 20`);
  return car.slug;
}
