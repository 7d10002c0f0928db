import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PLANNER_VIEWS } from '../../planner';
import { focusCard, isPaletteKey, isPlainKey, isTypingOrModal } from '../shortcuts';

const SEARCH = 'main input[type="search"]';

/** Focuses the screen's search box now, or once the screen that has one has rendered. */
function focusSearch(): boolean {
  const box = Array.from(document.querySelectorAll<HTMLInputElement>(SEARCH)).find((el) => el.offsetParent !== null);
  box?.focus();
  return !!box;
}

function focusSearchWhenShown(): void {
  if (focusSearch()) return;
  const observer = new MutationObserver(() => focusSearch() && observer.disconnect());
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 5_000);
}

/**
 * The shell's single-key shortcuts (shortcuts.ts lists them): n, /, t, 1-5, j/k from outside a card,
 * and '?' for the cheat sheet. Never while the person types in a field or a modal dialog is open.
 * Ctrl/Cmd+K opens the command palette, from a field too.
 */
export function useGlobalShortcuts(openCheatSheet: () => void, openPalette: () => void): void {
  const navigate = useNavigate();
  const location = useLocation();
  const where = useRef(location);
  where.current = location;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isPaletteKey(e)) {
        e.preventDefault();
        openPalette();
        return;
      }
      if (!isPlainKey(e) || isTypingOrModal(e.target)) return;
      const onPlanner = where.current.pathname === '/';
      const plannerWith = (set: Record<string, string>, keep: boolean) => {
        const params = new URLSearchParams(onPlanner && keep ? where.current.search : '');
        for (const [k, v] of Object.entries(set)) params.set(k, v);
        navigate(`/?${params.toString()}`);
      };
      const view = Number(e.key);
      if (e.key === '?') openCheatSheet();
      else if (e.key === 'n') plannerWith({ new: '1' }, true);
      else if (e.key === '/') {
        if (!focusSearch()) {
          navigate('/');
          focusSearchWhenShown();
        }
      } else if (e.key === 't') plannerWith({ view: 'daily' }, false);
      else if (Number.isInteger(view) && view >= 1 && view <= PLANNER_VIEWS.length) plannerWith({ view: PLANNER_VIEWS[view - 1].mode }, false);
      else if ((e.key === 'j' || e.key === 'k') && !(e.target as HTMLElement | null)?.closest?.('[data-testid="task-card"]')) {
        if (!focusCard(null, 1)) return;
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, openCheatSheet, openPalette]);
}
