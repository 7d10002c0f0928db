/*
 * Ctrl/Cmd+K from the first paint. The keyboard layer is a chunk loaded after the first paint, so a
 * press in the first moments after signing in found nobody listening and went to the browser. The shell
 * listens from its first render (a few lines in the first download): a press before the layer is ready
 * is held here, and the layer opens the palette for it as soon as it mounts.
 */
import { isPaletteKey } from './shortcuts';

/** True once the keyboard layer listens itself. */
let layerListens = false;
/** A press the layer has not answered yet: the card that had focus then (null: none). */
let held: { card: HTMLElement | null } | null = null;
let onHeld: (() => void) | null = null;

/** Holds a Ctrl/Cmd+K pressed before the keyboard layer listens; returns the stop. */
export function holdEarlyPaletteKey(): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (layerListens || !isPaletteKey(e)) return;
    e.preventDefault();
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    held = { card: focused?.closest<HTMLElement>('[data-testid="task-card"]') ?? null };
    onHeld?.();
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}

/**
 * For the keyboard layer, once it listens: `open` runs for a press held before (now) and for one that
 * arrives while the layer mounts; later presses are the layer's own. Returns the stop (the layer unmounted).
 */
export function answerEarlyPaletteKey(open: (card: HTMLElement | null) => void): () => void {
  layerListens = true;
  const answer = () => {
    const press = held;
    held = null;
    if (press) open(press.card);
  };
  onHeld = answer;
  answer();
  return () => {
    layerListens = false;
    onHeld = null;
  };
}
