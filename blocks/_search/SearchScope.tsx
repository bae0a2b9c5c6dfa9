/**
 * One InstantSearch scope: the client, the index, optional routing, and the server's
 * results when the page was rendered on the server (so the HTML already lists the cars
 * and the browser hydrates without searching again).
 */
import type { ReactNode } from 'react';
import { InstantSearch, InstantSearchSSRProvider, type InstantSearchServerState } from 'react-instantsearch';
import type { LiteClient } from 'algoliasearch/lite';
import type { Router, StateMapping, UiState } from 'instantsearch.js';

export type { InstantSearchServerState };

export interface SearchScopeProps {
  client: LiteClient;
  indexName: string;
  serverState?: InstantSearchServerState | null;
  routing?: { router: Router<any>; stateMapping: StateMapping<UiState, any> };
  children: ReactNode;
}

const FUTURE = { preserveSharedStateOnUnmount: true } as const;

export function SearchScope({ client, indexName, serverState, routing, children }: SearchScopeProps) {
  const search = (
    <InstantSearch
      searchClient={client}
      indexName={indexName}
      routing={routing}
      insights={false}
      future={FUTURE}
      stalledSearchDelay={200}
    >
      {children}
    </InstantSearch>
  );
  return serverState ? <InstantSearchSSRProvider {...serverState}>{search}</InstantSearchSSRProvider> : search;
}
