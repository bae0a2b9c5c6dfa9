/**
 * Model directory search block: the site's model range searched by name, make and body
 * type, 21 to a page (query, manufacturer, body and offset in the address). The search
 * runs over the model range the page already has (site data), so it is instant and needs no
 * search round trip; `load` adds the stock count of each model from the stock index (one
 * facet query), for the "12 in stock" links.
 */
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { defineBlock, type BlockLoadContext } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import type { ModelDirectoryProps } from '../../schemas/types.gen.ts';
import { DIRECTORY_PAGE_SIZE, modelBodyLabel, normaliseModelQuery, searchModels } from '../_search/directory.ts';
import { useDebouncedCallback } from '../_search/hooks.ts';
import { SEARCH_DELAY_MS } from '../_search/constants.ts';
import { searchUrlFor } from '../_search/url-state.ts';
import '../_search/search.css';
import './model-directory.css';

interface ModelDirectoryData {
  /** Cars in stock by "Make Model". */
  counts?: Record<string, number>;
}

async function load(ctx: BlockLoadContext<ModelDirectoryProps>): Promise<ModelDirectoryData> {
  if (ctx.props.stockCounts === false || !ctx.siteData.models.length) return {};
  const server = import.meta.env?.SSR ?? typeof window === 'undefined';
  const { searchClientFor } = await import('../_search/client.ts');
  const client = searchClientFor(ctx.site.search, server ? ctx.url.origin : undefined);
  try {
    const now = Date.now();
    const res = (await client.search({
      requests: [
        {
          indexName: ctx.site.search.index,
          query: '',
          hitsPerPage: 0,
          facets: ['make_model'],
          maxValuesPerFacet: 1000,
          filters: buildSiteFilter(ctx.site, { now: now - (now % 3600000) }),
        },
      ],
    })) as { results: { facets?: Record<string, Record<string, number>> }[] };
    return { counts: res.results[0]?.facets?.make_model ?? {} };
  } catch (err) {
    console.warn('[forecourt] model directory: stock counts unavailable', err);
    return {};
  }
}

function ModelDirectory({ props, block, data }: { props: ModelDirectoryProps; block: { id: string }; data?: unknown }) {
  const { data: siteData, money, number, t } = useSite();
  const [params, setParams] = useSearchParams();
  const q = normaliseModelQuery(params);
  const results = searchModels(siteData.models, q);
  const counts = (data as ModelDirectoryData | undefined)?.counts;
  const uid = useId();
  const [text, setText] = useState(q.query ?? '');
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!typing) setText(q.query ?? '');
  }, [q.query, typing]);

  const update = (change: Record<string, string | undefined>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    // Any filter change starts from the first page.
    if (!('offset' in change)) next.delete('offset');
    setParams(next, { replace, preventScrollReset: true });
  };
  const search = useDebouncedCallback((value: string) => update({ query: value.trim() || undefined }, true), SEARCH_DELAY_MS);

  const makes = Object.entries(results.facets.manufacturer).sort(([a], [b]) => a.localeCompare(b));
  const bodies = Object.entries(results.facets.body).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const pageHref = (offset: number) => {
    const next = new URLSearchParams(params);
    if (offset > 0) next.set('offset', String(offset));
    else next.delete('offset');
    const s = next.toString();
    return s ? `?${s}` : '?';
  };

  return (
    <section className="fc-model-directory" data-block-id={block.id} aria-labelledby={`${uid}-h`}>
      <div className="fc-container">
        <h2 id={`${uid}-h`}>{t(props.heading ?? 'Find a model')}</h2>
        <form className="fc-search-box" role="search" onSubmit={(e) => (e.preventDefault(), search.flush(text))}>
          <label htmlFor={`${uid}-q`} className="fc-visually-hidden">
            Search models
          </label>
          <input
            id={`${uid}-q`}
            className="fc-search-box__input"
            type="search"
            value={text}
            placeholder={t(props.placeholder ?? 'Search models, e.g. Ranger or SUV')}
            autoComplete="off"
            onFocus={() => setTyping(true)}
            onBlur={() => setTyping(false)}
            onChange={(e) => {
              setText(e.target.value);
              search.call(e.target.value);
            }}
          />
          <button type="submit" className="fc-button fc-search-box__submit">
            Search
          </button>
        </form>
        <div className="fc-model-directory__filters">
          {makes.length > 1 && (
            <label>
              <span>Make</span>
              <select value={q.manufacturer ?? ''} onChange={(e) => update({ manufacturer: e.target.value || undefined })}>
                <option value="">All makes</option>
                {makes.map(([name, count]) => (
                  <option key={name} value={name}>
                    {name} ({count})
                  </option>
                ))}
              </select>
            </label>
          )}
          {bodies.length > 1 && (
            <ul className="fc-model-directory__bodies" aria-label="Body type">
              <li>
                <button type="button" aria-pressed={!q.body} onClick={() => update({ body: undefined })}>
                  All
                </button>
              </li>
              {bodies.map(([key, count]) => (
                <li key={key}>
                  <button type="button" aria-pressed={q.body === key} onClick={() => update({ body: q.body === key ? undefined : key })}>
                    {modelBodyLabel(key)} <span className="fc-search-checkboxes__count">{count}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p className="fc-search-count" aria-live="polite">
          {number(results.count)} {results.count === 1 ? 'model' : 'models'}
        </p>
        {results.hits.length ? (
          <ol className="fc-model-directory__grid">
            {results.hits.map((model, i) => {
              const stock = counts?.[`${model.manufacturer_name} ${model.name}`] ?? 0;
              const stockHref = searchUrlFor({ refinementList: { make: [model.manufacturer_name], model: [model.name] } }, { paths: true });
              return (
                <li key={model.id}>
                  <article className="fc-model-directory__card">
                    <img
                      src={model.image?.url ?? `/assets/models/${model.slug}.svg`}
                      alt=""
                      width="480"
                      height="270"
                      loading={i < 3 ? undefined : 'lazy'}
                      decoding="async"
                    />
                    <h3>
                      <span className="fc-model-directory__make">{model.manufacturer_name}</span> {model.name}
                    </h3>
                    {typeof model.from_price === 'number' && model.from_price > 0 && <p className="fc-model-directory__price">From {money(model.from_price)}</p>}
                    {(model.body?.length ?? 0) > 0 && <p className="fc-model-directory__body">{model.body!.map(modelBodyLabel).join(' · ')}</p>}
                    {counts &&
                      (stock > 0 ? (
                        <Link to={stockHref} className="fc-model-directory__stock">
                          {number(stock)} in stock
                        </Link>
                      ) : (
                        <span className="fc-model-directory__stock fc-model-directory__stock--none">None in stock</span>
                      ))}
                  </article>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="fc-search-results-empty">No models match your search.</p>
        )}
        {results.count > DIRECTORY_PAGE_SIZE && (
          <nav className="fc-search-pagination" aria-label="Model pages">
            <ul>
              {Array.from({ length: Math.ceil(results.count / DIRECTORY_PAGE_SIZE) }, (_, p) => (
                <li key={p}>
                  <Link
                    to={pageHref(p * DIRECTORY_PAGE_SIZE)}
                    preventScrollReset={false}
                    aria-current={results.offset === p * DIRECTORY_PAGE_SIZE ? 'page' : undefined}
                    aria-label={`Page ${p + 1}`}
                  >
                    {p + 1}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </section>
  );
}

export default defineBlock<ModelDirectoryProps>({ component: ModelDirectory, load });
