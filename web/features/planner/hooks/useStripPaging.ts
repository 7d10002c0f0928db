import { useEffect, type RefObject } from 'react';

/** The edge zone of the strip where a held card turns the page: this share of its width, at least 44 px (a thumb). */
const EDGE_SHARE = 0.15;
const EDGE_MIN_PX = 44;

/** Marks the board's sideways strip: task drags never auto-scroll it (dnd-kit's `canScroll`), they page it. */
export const PAGED_STRIP_ATTRIBUTE = 'data-paged-strip';

/** dnd-kit's auto-scroll may scroll this element (not the paged strip: it moves one column per edge visit). */
export const canAutoScroll = (element: Element): boolean => !element.hasAttribute(PAGED_STRIP_ATTRIBUTE);

/** The index of the strip child whose centre is nearest the strip's centre. */
function centredIndex(strip: HTMLElement): number {
  const middle = strip.getBoundingClientRect().left + strip.clientWidth / 2;
  let best = 0;
  let bestDistance = Infinity;
  [...strip.children].forEach((child, i) => {
    const r = child.getBoundingClientRect();
    const distance = Math.abs(r.left + r.width / 2 - middle);
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  });
  return best;
}

/** Scrolls the strip so that its child `index` is centred (where scroll snapping puts a column). */
function centre(strip: HTMLElement, index: number): void {
  const child = strip.children[index] as HTMLElement | undefined;
  if (!child) return;
  const r = child.getBoundingClientRect();
  const s = strip.getBoundingClientRect();
  strip.scrollBy({ left: r.left + r.width / 2 - (s.left + strip.clientWidth / 2), behavior: 'smooth' });
}

/**
 * Pages a sideways strip of columns (the daily board on a phone) while a card is held over it: each time
 * the finger or the mouse enters the strip's left or right edge zone, the strip moves by exactly one
 * column, to the neighbour on that side; it moves again only when the pointer has left the zone and
 * comes back. A continuous edge scroll raced past the neighbouring columns to the last one (issue 38).
 * Whatever the strip shows, the drop lands where the pointer is let go (useDropTargetAtRelease).
 */
export function useStripPaging(strip: RefObject<HTMLElement | null>, dragging: boolean): void {
  useEffect(() => {
    if (!dragging) return;
    let zone = 0; // -1 left edge, 1 right edge, 0 neither
    let target = -1; // the column last paged to (the centred one is stale while a smooth scroll runs)
    const onPoint = (x: number, y: number) => {
      const el = strip.current;
      if (!el || el.scrollWidth <= el.clientWidth + 1) return;
      const r = el.getBoundingClientRect();
      const edge = Math.max(EDGE_MIN_PX, r.width * EDGE_SHARE);
      const inside = y >= r.top && y <= r.bottom;
      const next = !inside ? 0 : x >= r.right - edge ? 1 : x <= r.left + edge ? -1 : 0;
      if (next === zone) return;
      zone = next;
      if (next === 0) return;
      const from = target >= 0 ? target : centredIndex(el);
      const to = Math.max(0, Math.min(el.children.length - 1, from + next));
      if (to === from) return;
      target = to;
      centre(el, to);
    };
    const onTouchMove = (e: TouchEvent) => {
      const t = e.touches[0];
      if (t) onPoint(t.clientX, t.clientY);
    };
    const onMouseMove = (e: MouseEvent) => onPoint(e.clientX, e.clientY);
    window.addEventListener('touchmove', onTouchMove, { capture: true, passive: true });
    window.addEventListener('mousemove', onMouseMove, { capture: true, passive: true });
    return () => {
      window.removeEventListener('touchmove', onTouchMove, { capture: true });
      window.removeEventListener('mousemove', onMouseMove, { capture: true });
    };
  }, [strip, dragging]);
}
