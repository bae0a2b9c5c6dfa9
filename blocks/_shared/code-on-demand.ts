/**
 * Code a page loads when it is wanted, not with the page (the models menu's panel, the
 * locations map): loaded once and kept, so a render can use it synchronously once it is here
 * (always on the server, which loads it in the block's `load` before rendering).
 */
export function codeOnDemand<T>(importer: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    /** The code, if it is here. */
    loaded: (): T | undefined => loaded,
    load(): Promise<T> {
      loading ??= importer().then((value) => (loaded = value));
      // A failed load may be tried again at the next want.
      loading.catch(() => (loading = undefined));
      return loading;
    },
  };
}
