/** A car to open in a browser test, from the running server's search. */

/**
 * The slug of one in-stock car of a site: asked with the site's own search key, which holds
 * the answer to that site's stock (engine/search/public-access.ts); any in-stock car when the
 * site has none.
 */
export async function someCarOf(base: string, slug: string): Promise<string> {
  const ask = (headers: Record<string, string>) =>
    fetch(`${base}/1/indexes/Car_production/query`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        filters: 'status:in_stock',
        hitsPerPage: 1,
        attributesToRetrieve: ['slug'],
      }),
    }).then(async (res) => ((await res.json()) as { hits?: { slug: string }[] }).hits?.[0]?.slug);
  const car = (await ask({ 'X-Algolia-API-Key': `site.${slug}` })) ?? (await ask({}));
  if (!car) throw new Error(`no car in stock to open for ${slug}`);
  return car;
}
