import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
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

/** Toasts as SPEC 9 describes: one at a time, 5 s, swipe right to dismiss, region focusable with F8. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const region = useRef<HTMLOListElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const dismiss = useCallback(() => setCurrent(null), []);
  const toast = useCallback((input: ToastInput) => {
    setOffset(0);
    setCurrent({ ...input, id: Date.now() + Math.random() });
  }, []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(dismiss, DURATION_MS);
    return () => clearTimeout(timer);
  }, [current, dismiss]);

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
      <ol
        ref={region}
        tabIndex={-1}
        aria-label="Notifications (F8)"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:bottom-4 sm:right-4 sm:left-auto sm:max-w-[420px] sm:items-end"
      >
        {current && (
          <li
            key={current.id}
            role={destructive ? 'alert' : 'status'}
            aria-live={destructive ? 'assertive' : 'polite'}
            data-testid="toast"
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
            <button
              type="button"
              aria-label="Dismiss notification"
              onClick={dismiss}
              className={`absolute top-2 right-2 rounded p-1 ${destructive ? 'text-red-100 hover:bg-red-500' : 'text-slate-400 hover:bg-slate-100'}`}
            >
              ×
            </button>
          </li>
        )}
      </ol>
    </ToastContext.Provider>
  );
}

/** Shows toasts from any component. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
