import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A link's `?comment=<id>` (a mention's or comment's notification, in the app or by email): once the
 * task's comments are shown, scrolls that comment (`#comment-<id>`) into view, then leaves the URL.
 * Returns the linked comment's id (null when none).
 */
export function useLinkedComment(commentIds: readonly string[]): string | null {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('comment');
  const [linked, setLinked] = useState<string | null>(null);
  const known = wanted !== null && commentIds.includes(wanted);

  useEffect(() => {
    if (!wanted) return;
    if (known) {
      setLinked(wanted);
      document.getElementById(`comment-${wanted}`)?.scrollIntoView({ block: 'center' });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('comment');
        return next;
      },
      { replace: true },
    );
  }, [wanted, known, setParams]);

  return linked;
}
