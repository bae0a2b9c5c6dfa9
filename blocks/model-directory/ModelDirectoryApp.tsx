/**
 * Model directory UI (its own chunk): the Model_production index, searched by words and
 * filtered by make (manufacturer.name) and body type (model.body), 21 to a page. A second
 * index scope on the stock index counts the cars in stock per model (make_model facet).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  Index,
  useConfigure,
  useHits,
  useInstantSearch,
  useMenu,
  useRefinementList,
} from 'react-instantsearch';
import type { BlockRenderProps } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import type { ModelDirectoryProps } from '../../schemas/resolved.gen.ts';
import { searchClientFor } from '../_search/client.ts';
import {
  DIRECTORY_PAGE_SIZE,
  MODEL_INDEX,
  modelBodyLabel,
  modelScopeFilter,
} from '../_search/directory.ts';
import type { SearchBlockData } from '../_search/load.ts';
import { DirectoryPages } from '../_search/results.tsx';
import { SearchBox } from '../_search/SearchBox.tsx';
import { SearchScope } from '../_search/SearchScope.tsx';
import { IS_SERVER } from '../_search/ssr.tsx';
import { searchUrlFor } from '../_search/url-state.ts';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';

interface ModelHit {
  objectID: string;
  name: string;
  slug: string;
  status?: string;
  from_price?: number | null;
  image_url?: string | null;
  manufacturer: { name: string; slug?: string | null; logo_url?: string | null };
  model: { name: string; body?: string[]; fuel?: string[] };
}

/** A model card's picture: one column on phones, two from 576 px, three from 992 px (model-directory.css). */
export const MODEL_DIRECTORY_PHOTO: PhotoLayout = {
  min: 320,
  max: 800,
  sizes: '(min-width: 992px) 30vw, (min-width: 576px) 45vw, 92vw',
  fallback: 480,
};

/** A model card's picture: the model's photo, else its catalogue drawing; the first row's not lazy. */
export function ModelPicture({
  model,
  eager,
}: {
  model: Pick<ModelHit, 'image_url' | 'slug'>;
  eager: boolean;
}) {
  return (
    <img
      {...photoAttributes(
        model.image_url ?? `/assets/models/${model.slug}.svg`,
        MODEL_DIRECTORY_PHOTO,
      )}
      alt=""
      width="480"
      height="270"
      loading={eager ? undefined : 'lazy'}
      decoding="async"
    />
  );
}
export default function ModelDirectoryApp({
  props,
  block,
  data,
}: BlockRenderProps<ModelDirectoryProps>) {
  const { site } = useSite();
  const [d] = useState(() => (data ?? {}) as Partial<SearchBlockData>);
  const client = useMemo(
    () => searchClientFor(site.search, IS_SERVER ? d.origin : undefined, site.slug),
    [site.search, d.origin, site.slug],
  );
  const now = d.now ?? Date.now();
  return (
    <SearchScope client={client} indexName={MODEL_INDEX} serverState={d.serverState}>
      <Scope filters={modelScopeFilter(site, props.scope)} hitsPerPage={DIRECTORY_PAGE_SIZE} />
      {props.stockCounts && (
        <Index indexName={site.search.index}>
          <Scope filters={buildSiteFilter(site, { now })} hitsPerPage={0} facets={['make_model']} />
        </Index>
      )}
      <ModelDirectoryView props={props} blockId={block.id} />
    </SearchScope>
  );
}

function Scope({
  filters,
  hitsPerPage,
  facets,
}: {
  filters?: string;
  hitsPerPage: number;
  facets?: string[];
}) {
  useConfigure({
    ...(filters ? { filters } : {}),
    hitsPerPage,
    attributesToHighlight: [],
    ...(facets ? { facets, maxValuesPerFacet: 1000 } : {}),
  });
  return null;
}

function ModelDirectoryView({ props, blockId }: { props: ModelDirectoryProps; blockId: string }) {
  const { site, money, number, t } = useSite();
  const uid = useId();
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  // One level below the block's heading: a skipped level loses screen reader users moving by heading (docs/search-ui.md, "Search engines and assistive technology").
  const Sub = props.headingLevel === 1 ? 'h2' : 'h3';
  const { items } = useHits<ModelHit>();
  const makes = useRefinementList({
    attribute: 'manufacturer.name',
    limit: 200,
    sortBy: ['name:asc'],
  });
  const bodies = useMenu({
    attribute: 'model.body',
    limit: 30,
    sortBy: ['count:desc', 'name:asc'],
  });
  const { setIndexUiState, results, scopedResults } = useInstantSearch();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const hasResults = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;

  // Cars in stock per "Make Model", from the stock index's scope.
  const stock = useMemo(() => {
    const scoped = scopedResults.find((s) => s.indexId === site.search.index)?.results;
    const facet = (
      scoped?.facets as { name: string; data: Record<string, number> }[] | undefined
    )?.find((f) => f.name === 'make_model');
    return facet?.data;
  }, [scopedResults, site.search.index]);

  const chosenMake = makes.items.find((m) => m.isRefined)?.value ?? '';
  const setMake = (value: string) =>
    setIndexUiState((prev) => ({
      ...prev,
      refinementList: { ...prev.refinementList, 'manufacturer.name': value ? [value] : [] },
      page: undefined,
    }));

  return (
    <section
      className="fc-model-directory"
      data-block-id={blockId}
      data-search-ready={ready ? 'true' : undefined}
      aria-labelledby={`${uid}-h`}
    >
      <div className="fc-container">
        <Heading id={`${uid}-h`}>{t(props.heading)}</Heading>
        <SearchBox placeholder={t(props.placeholder)} label="Search models" />
        <div className="fc-model-directory__filters">
          {makes.items.length > 1 && (
            <label>
              <span>Make</span>
              <select value={chosenMake} onChange={(e) => setMake(e.target.value)}>
                <option value="">All makes</option>
                {makes.items.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label} ({m.count})
                  </option>
                ))}
              </select>
            </label>
          )}
          {bodies.items.length > 1 && (
            <ul className="fc-model-directory__bodies" aria-label="Body type">
              <li>
                <button
                  type="button"
                  aria-pressed={!bodies.items.some((b) => b.isRefined)}
                  onClick={() => {
                    const chosen = bodies.items.find((b) => b.isRefined);
                    if (chosen) bodies.refine(chosen.value);
                  }}
                >
                  All
                </button>
              </li>
              {bodies.items.map((b) => (
                <li key={b.value}>
                  <button
                    type="button"
                    aria-pressed={b.isRefined}
                    onClick={() => bodies.refine(b.value)}
                  >
                    {t(modelBodyLabel(b.value))}{' '}
                    <span className="fc-search-checkboxes__count">{b.count}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p className="fc-search-count" aria-live="polite">
          {hasResults
            ? `${number(results.nbHits)} ${results.nbHits === 1 ? 'model' : 'models'}`
            : 'Finding models…'}
        </p>
        {items.length > 0 ? (
          <ol className="fc-model-directory__grid">
            {items.map((model, i) => {
              const inStock = stock?.[`${model.manufacturer.name} ${model.model.name}`] ?? 0;
              const stockHref = searchUrlFor(
                { refinementList: { make: [model.manufacturer.name], model: [model.model.name] } },
                { paths: true },
              );
              return (
                <li key={model.objectID}>
                  <article className="fc-model-directory__card">
                    <ModelPicture model={model} eager={i < 3} />
                    <Sub>
                      {/* The make's wordmark (docs/content-blocks.md, "Choices we made"); its name is the text beside it. */}
                      {model.manufacturer.logo_url && (
                        <img
                          className="fc-model-directory__logo"
                          src={model.manufacturer.logo_url}
                          alt=""
                          width="40"
                          height="40"
                          loading="lazy"
                          decoding="async"
                        />
                      )}
                      <span className="fc-model-directory__make">{model.manufacturer.name}</span>{' '}
                      {model.model.name}
                    </Sub>
                    {typeof model.from_price === 'number' && model.from_price > 0 && (
                      <p className="fc-model-directory__price">From {money(model.from_price)}</p>
                    )}
                    {(model.model.body?.length ?? 0) > 0 && (
                      <p className="fc-model-directory__body">
                        {model.model.body!.map((b) => t(modelBodyLabel(b))).join(' · ')}
                      </p>
                    )}
                    {stock &&
                      (inStock > 0 ? (
                        <Link to={stockHref} className="fc-model-directory__stock">
                          {number(inStock)} in stock
                        </Link>
                      ) : (
                        <span className="fc-model-directory__stock fc-model-directory__stock--none">
                          None in stock
                        </span>
                      ))}
                  </article>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="fc-search-results-empty">
            {hasResults ? 'No models match your search.' : ''}
          </p>
        )}
        <DirectoryPages label="Model pages" />
      </div>
    </section>
  );
}
