/**
 * One InstantSearch scope: the client, the index, optional routing, and the server's
 * results when the page was rendered on the server (so the HTML already lists the cars
 * and the browser hydrates without searching again).
 */
import { useState, type ReactNode } from 'react';
import {
  InstantSearch,
  InstantSearchSSRProvider,
  type InstantSearchServerState,
} from 'react-instantsearch';
import type { LiteClient } from 'algoliasearch/lite';
import type { Router, StateMapping, UiState } from 'instantsearch.js';

export type { InstantSearchServerState };

export interface SearchScopeProps {
  client: LiteClient;
  indexName: string;
  serverState?: InstantSearchServerState | null;
  routing?: { router: Router<any>; stateMapping: StateMapping<UiState, any> };
  /** Where a scope without routing starts (e.g. the budget finder's default budget). */
  initialUiState?: UiState;
  children: ReactNode;
}

const FUTURE = { preserveSharedStateOnUnmount: true } as const;

/**
 * The search's "stalled" status is never reached: the UI shows it as it shows "loading"
 * (search-status.tsx), and the change re-rendered every widget once more in a slow search
 * (docs/search-ui.md, "Interaction speed").
 */
const STALLED_NEVER = 1e9;

export function SearchScope({
  client,
  indexName,
  serverState,
  routing,
  initialUiState,
  children,
}: SearchScopeProps) {
  // The server state matters once, when InstantSearch starts. Later page data (a client-side
  // navigation to another URL of the same page) has none; letting that change the tree here
  // would remount InstantSearch and lose the visitor's search.
  const [initial] = useState(serverState);
  const search = (
    <InstantSearch
      searchClient={client}
      indexName={indexName}
      routing={routing}
      initialUiState={initialUiState}
      insights={false}
      future={FUTURE}
      stalledSearchDelay={STALLED_NEVER}
    >
      {children}
    </InstantSearch>
  );
  return initial ? (
    <InstantSearchSSRProvider {...initial}>{search}</InstantSearchSSRProvider>
  ) : (
    search
  );
}
