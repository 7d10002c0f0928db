import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A button in the toast (e.g. Undo); `undo` also binds Ctrl/Cmd+Z to it while the toast shows. */
  action?: { label: string; run(): void; undo?: boolean };
  /**
   * Waits while another toast is up and shows when it has gone (background news never hides the answer
   * to what the user did); a newer polite toast replaces one still waiting.
   */
  polite?: boolean;
  /** Stays until its button or × is used (an offer that must not go unread, e.g. a new version). */
  sticky?: boolean;
}

interface ToastState extends ToastInput {
  id: number;
}

interface ToastApi {
  toast(input: ToastInput): void;
  dismiss(): void;
}

const ToastContext = createContext<ToastApi | null>(null);
const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** True when a key press belongs to a text field (its own undo, typing). */
const typingIn = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * Toasts: one at a time, 5 s, swipe right to dismiss, region focusable with F8.
 * The 5 s pause while the pointer or the focus is on the toast (time to reach its button).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const region = useRef<HTMLOListElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const shown = useRef<ToastState | null>(null);
  shown.current = current;

  const waiting = useRef<ToastState | null>(null);

  const dismiss = useCallback(() => setCurrent(null), []);
  const toast = useCallback((input: ToastInput) => {
    const next = { ...input, id: Date.now() + Math.random() };
    if (input.polite && shown.current) {
      waiting.current = next;
      return;
    }
    setOffset(0);
    setPaused(false);
    setCurrent(next);
  }, []);

  // A polite toast that waited shows once the screen has no other.
  useEffect(() => {
    if (current || !waiting.current) return;
    const next = waiting.current;
    waiting.current = null;
    setOffset(0);
    setPaused(false);
    setCurrent(next);
  }, [current]);

  useEffect(() => {
    if (!current || paused || current.sticky) return;
    const timer = setTimeout(dismiss, DURATION_MS);
    return () => clearTimeout(timer);
  }, [current, paused, dismiss]);

  const runAction = useCallback(() => {
    const action = current?.action;
    setCurrent(null);
    setPaused(false);
    action?.run();
  }, [current]);

  useEffect(() => {
    if (!current?.action?.undo) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || typingIn(e.target)) return;
      e.preventDefault();
      runAction();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, runAction]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  const destructive = current?.variant === 'destructive';

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/*
        A landmark, so screen-reader users find the toasts (and F8 lands in one). Toasts never cover navigation
        or a sticky action bar: on phones they sit at the bottom above the floating add button and the bottom
        navigation (clear of the menu and the bell at the top, and of a sheet's Save bar); from 640 px on at the bottom left, clear of
        the details sheet (right) and of the right-aligned footers of centred dialogs.
      */}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 bottom-[calc(8.75rem+env(safe-area-inset-bottom))] z-[100] sm:right-auto sm:bottom-4 sm:left-4 sm:max-w-[420px]"
      >
        <ol
          ref={region}
          tabIndex={-1}
          aria-label="Notifications (F8)"
          data-testid="toast-region"
          className="flex flex-col items-center gap-2 p-4 outline-none sm:items-start"
        >
          {current && (
            <li
              key={current.id}
              role={destructive ? 'alert' : 'status'}
              aria-live={destructive ? 'assertive' : 'polite'}
              data-testid="toast"
              onPointerEnter={() => setPaused(true)}
              onPointerLeave={() => setPaused(false)}
              onFocus={() => setPaused(true)}
              onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setPaused(false)}
              style={{ transform: `translateX(${offset}px)`, opacity: 1 - Math.min(offset, 150) / 200 }}
              onPointerDown={(e) => (swipeStart.current = e.clientX)}
              onPointerMove={(e) => swipeStart.current !== null && setOffset(Math.max(0, e.clientX - swipeStart.current))}
              onPointerUp={() => {
                if (offset > SWIPE_THRESHOLD_PX) dismiss();
                else setOffset(0);
                swipeStart.current = null;
              }}
              className={`pointer-events-auto w-full touch-pan-y rounded-lg border p-4 pr-10 shadow-lg transition-transform sm:w-[380px] ${
                destructive ? 'border-red-600 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'
              }`}
            >
              <p className="text-sm font-semibold">{current.title}</p>
              {current.description && <p className={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-slate-600'}`}>{current.description}</p>}
              {current.action && (
                <button
                  type="button"
                  onClick={runAction}
                  aria-keyshortcuts={current.action.undo ? 'Control+Z Meta+Z' : undefined}
                  className="mt-2 inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 sm:h-8"
                >
                  {current.action.label}
                </button>
              )}
              <button
                type="button"
                aria-label="Dismiss notification"
                onClick={dismiss}
                className={`absolute top-2 right-2 rounded p-1 ${destructive ? 'text-red-100 hover:bg-red-500' : 'text-slate-500 hover:bg-slate-100'}`}
              >
                ×
              </button>
            </li>
          )}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

/** Shows toasts from any component. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
