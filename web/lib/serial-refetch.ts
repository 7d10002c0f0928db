/**
 * Wraps a refetch so that rounds never overlap: a call while a round is in flight asks for exactly
 * one more round after it. Apollo joins an identical query already in flight (query deduplication),
 * so a refetch started during another would get the earlier answer, which may predate the change
 * that asked for it; a screen refreshed on live events would then stay stale until the next event.
 */
export function serialRefetch(run: () => Promise<unknown> | unknown): () => void {
  let inFlight = false;
  let again = false;
  const round = (): void => {
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    void Promise.resolve()
      .then(run)
      .catch(() => undefined) // a failed refetch leaves the screen as it was; the next event retries
      .finally(() => {
        inFlight = false;
        if (again) {
          again = false;
          round();
        }
      });
  };
  return round;
}

/**
 * For a query refetched both on live events and after the viewer's own writes: each fetch is its own
 * request (no deduplication), so a refetch after a write never joins one sent before it; Apollo keeps
 * only the newest answer of a query.
 */
export const OWN_REQUEST = { context: { queryDeduplication: false } } as const;
