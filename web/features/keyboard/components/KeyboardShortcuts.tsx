import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useGlobalShortcuts } from '../hooks/useGlobalShortcuts';
import { answerEarlyPaletteKey } from '../early-palette';
import type { MoveTaskById } from '../../planner';
import type { PaletteTarget } from './CommandPalette';

const ShortcutsDialog = lazy(() => import('./ShortcutsDialog'));
const CommandPalette = lazy(() => import('./CommandPalette'));

const KEYS = 'Control+K Meta+K ? n / t 1 2 3 4 5 j k';

/**
 * The shell's keyboard layer, a chunk loaded after the first paint: the single-key shortcuts, the '?'
 * cheat sheet and the Ctrl/Cmd+K palette (each dialog loads when first opened). `moveTask` is the planner's
 * move, which the shell hands in (in the first download already, so this chunk does not import it).
 */
export default function KeyboardShortcuts({ moveTask }: { moveTask: MoveTaskById }) {
  const [cheatSheetOpen, setCheatSheetOpen] = useState(false);
  // The palette acts on the task whose card had focus when it opened.
  const [palette, setPalette] = useState<{ target: PaletteTarget | null } | null>(null);
  const openPaletteFor = useCallback((card: HTMLElement | null) => {
    const id = card?.dataset.taskId;
    setPalette({ target: card && id ? { id, title: card.getAttribute('aria-label') ?? '' } : null });
  }, []);
  useGlobalShortcuts(
    useCallback(() => setCheatSheetOpen(true), []),
    useCallback(() => {
      openPaletteFor(document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('[data-testid="task-card"]') : null);
    }, [openPaletteFor]),
  );
  // A Ctrl/Cmd+K pressed before this layer loaded (the shell held it: early-palette.ts).
  useEffect(() => answerEarlyPaletteKey(openPaletteFor), [openPaletteFor]);
  // The screen says which keys it takes (once they work: this layer loads after the first paint).
  useEffect(() => {
    const main = document.getElementById('main-content');
    main?.setAttribute('aria-keyshortcuts', KEYS);
    // The palette is fetched now, so what is typed right after Ctrl/Cmd+K reaches its search box.
    void import('./CommandPalette');
    return () => main?.removeAttribute('aria-keyshortcuts');
  }, []);
  return (
    <>
      {palette && (
        <Suspense fallback={null}>
          <CommandPalette target={palette.target} moveTask={moveTask} onClose={() => setPalette(null)} onShowShortcuts={() => setCheatSheetOpen(true)} />
        </Suspense>
      )}
      {cheatSheetOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setCheatSheetOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
