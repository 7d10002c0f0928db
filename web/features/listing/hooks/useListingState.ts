import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readState, writeState, type ListingState } from '../listing-model';

/**
 * The listing's state read from and written to the URL. Each change is a history entry (Back
 * returns to the previous listing) except typing in the search box, which replaces the entry.
 */
export function useListingState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readState(params), [params]);
  const update = useCallback(
    (patch: Partial<ListingState>, options: { replace?: boolean } = {}) => {
      const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<ListingState>;
      setParams((current) => writeState({ ...readState(current), ...defined }), { replace: options.replace });
    },
    [setParams],
  );
  return { state, update };
}
