import { useId, useRef, useState, type ReactElement, type ReactNode } from 'react';

const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
let lastClosedAt = 0;

/** A tooltip on hover and keyboard focus (700 ms delay, 300 ms skip delay). */
export function Tooltip({
  content,
  children,
  side = 'top',
  className = '',
}: {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();
  const show = () => {
    const delay = Date.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : DELAY_MS;
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    if (timer.current) clearTimeout(timer.current);
    if (open) lastClosedAt = Date.now();
    setOpen(false);
  };
  const position =
    side === 'right'
      ? 'left-full top-1/2 ml-2 -translate-y-1/2'
      : side === 'bottom'
        ? 'top-full left-1/2 mt-2 -translate-x-1/2'
        : 'bottom-full left-1/2 mb-2 -translate-x-1/2';
  return (
    <span
      className={`relative inline-flex ${className}`}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      aria-describedby={open ? id : undefined}
    >
      {children}
      {open && (
        <span
          role="tooltip"
          id={id}
          className={`pointer-events-none absolute z-50 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow ${position}`}
        >
          {content}
        </span>
      )}
    </span>
  );
}
