import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing must pause before the search box writes its text to the URL. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box's text mirrored into a URL parameter: typing writes `q` once it pauses
 * (`write(text)`), and a `q` that arrives from elsewhere (back/forward, a link, a cleared filter)
 * replaces the text. The page's own write echoing back through the URL never overwrites what the
 * user typed in the meantime, so no keystroke is lost however the render and the typing interleave.
 * `clear()` empties the box and expects the caller to drop `q` from the URL itself.
 */
export function useUrlSearchText(q: string, write: (text: string) => void) {
  const [text, setText] = useState(q);
  const written = useRef(q);
  const writeRef = useRef(write);
  writeRef.current = write;

  useEffect(() => {
    if (q !== written.current) setText(q);
    written.current = q;
  }, [q]);

  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => {
      written.current = text.trim() ? text : '';
      writeRef.current(written.current);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  const clear = useCallback(() => {
    written.current = '';
    setText('');
  }, []);

  return { text, setText, clear };
}
