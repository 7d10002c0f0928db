import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';

/** The nearest ancestor that scrolls vertically (a board column's body, the app's main area). */
function scrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let el = element?.parentElement ?? null; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return el;
  }
  return (document.scrollingElement as HTMLElement | null) ?? null;
}

export interface VirtualRowsProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  count: number;
  /** A stable key per row (a task id): a row keeps its measured height when rows before it change. */
  rowKey(index: number): string;
  renderRow(index: number): ReactNode;
  /** A first guess of a row's height in px (rows are measured once shown). */
  estimateSize: number;
  /** Space between rows in px. */
  gap?: number;
  /** A row to keep rendered wherever the list is scrolled (the card being dragged), -1 for none. */
  keepIndex?: number;
}

/**
 * A list that renders only the rows in and near the visible part of its scroll container (the
 * nearest ancestor that scrolls), so the DOM stays the same size with 100 or 4,000 tasks. Rows keep
 * their order in the DOM (Tab moves through them in order; focusing a row scrolls it into view and
 * brings its neighbours in); rows are measured, so cards of any height fit.
 */
export function VirtualRows({ count, rowKey, renderRow, estimateSize, gap = 8, keepIndex = -1, style, ...rest }: VirtualRowsProps) {
  const list = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  const getScrollElement = useCallback(() => {
    if (!scroller.current || !scroller.current.isConnected) scroller.current = scrollParent(list.current);
    return scroller.current;
  }, []);

  // Where the list starts inside its scroll container (headers, a search box above it), measured after
  // every render (what is above it may have changed); set only when it moved, so it settles at once.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const el = list.current;
    const parent = getScrollElement();
    if (!el || !parent) return;
    const margin = Math.round(el.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop);
    if (margin !== scrollMargin) setScrollMargin(margin);
  });

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (keepIndex < 0 || keepIndex >= count || indexes.includes(keepIndex)) return indexes;
      return [...indexes, keepIndex].sort((a, b) => a - b);
    },
    [keepIndex, count],
  );

  const virtualizer = useVirtualizer<HTMLElement, HTMLDivElement>({
    count,
    getScrollElement,
    estimateSize: () => estimateSize,
    getItemKey: rowKey,
    gap,
    overscan: 6,
    scrollMargin,
    rangeExtractor,
  });

  return (
    <div ref={list} style={{ ...style, position: 'relative', height: virtualizer.getTotalSize() }} {...rest}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start - scrollMargin}px)` }}
        >
          {renderRow(row.index)}
        </div>
      ))}
    </div>
  );
}
