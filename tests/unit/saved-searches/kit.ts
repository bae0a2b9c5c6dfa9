/** What the saved-search tests share: a saved search's body. */
export const FORD = {
  site: 'au-motors',
  email: 'Buyer@Example.com',
  frequency: 'instant',
  url: '/search/ford',
  label: 'Ford',
  params: { facetFilters: [['make:Ford']] },
};
