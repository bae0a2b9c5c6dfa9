/**
 * The benchmark peer of the search page (docs/search-ui.md, "The peer"): a plain
 * react-instantsearch page, written as its documentation shows, against the same search
 * engine and stock as a demo site's search page. It is not product code: only
 * scripts/bench/peer-search-ui.ts builds it, to weigh the product's search UI against it.
 * The engine's address, key and index come in the query string (?host=&key=&index=).
 */
import { createRoot } from 'react-dom/client';
import { liteClient } from 'algoliasearch/lite';
import {
  Hits,
  InstantSearch,
  Pagination,
  RangeInput,
  RefinementList,
  SearchBox,
} from 'react-instantsearch';

const params = new URLSearchParams(location.search);
const host = new URL(params.get('host') ?? location.origin);
// Long timeouts: a busy benchmark machine must not fail the peer's searches (no bytes change).
const client = liteClient('embedded', params.get('key') ?? '', {
  timeouts: { connect: 10_000, read: 10_000, write: 10_000 },
  hosts: [
    {
      url: host.host,
      protocol: host.protocol.replace(':', '') as 'http' | 'https',
      accept: 'readWrite',
    },
  ],
});

type CarHit = { objectID: string; make?: string; model?: string; year?: number; price?: number };

function Car({ hit }: { hit: CarHit }) {
  return (
    <article>
      <h2>
        {hit.year} {hit.make} {hit.model}
      </h2>
      <p>{hit.price ? `$${hit.price.toLocaleString('en-AU')}` : 'Enquire for price'}</p>
    </article>
  );
}

function App() {
  return (
    <InstantSearch searchClient={client} indexName={params.get('index') ?? 'Car_production'}>
      <SearchBox placeholder="Search cars" />
      <aside>
        <h2>Make</h2>
        <RefinementList attribute="make" />
        <h2>Price</h2>
        <RangeInput attribute="price" />
      </aside>
      <main>
        <Hits hitComponent={Car} />
        <Pagination />
      </main>
    </InstantSearch>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
