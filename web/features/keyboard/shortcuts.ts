// What the handlers share (in the first download); the cheat sheet's list is in shortcut-list.ts (loaded with it).
/** True when a key press belongs to what the person is typing (a field, an editor) or to a modal dialog. */
export function isTypingOrModal(target: EventTarget | null): boolean {
  const el = target instanceof HTMLElement ? target : null;
  if (el?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"], [role="menu"], [role="listbox"]')) return true;
  return !!document.querySelector('[aria-modal="true"]');
}

/** A plain key press a shortcut may take: no Ctrl, Alt or Meta (Shift only makes '?'). */
export function isPlainKey(e: KeyboardEvent | { ctrlKey: boolean; altKey: boolean; metaKey: boolean; defaultPrevented: boolean }): boolean {
  return !e.ctrlKey && !e.altKey && !e.metaKey && !e.defaultPrevented;
}

/** Ctrl/Cmd+K, which opens the command palette even from a field (not over another dialog). */
export function isPaletteKey(e: KeyboardEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k' && !document.querySelector('[aria-modal="true"]');
}

/** The task cards on the screen, in reading order (columns left to right, top to bottom). */
function cards(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('main [data-testid="task-card"]'));
}

/** Moves focus to the card after (1) or before (-1) `from`; without `from`, to the first card. */
export function focusCard(from: HTMLElement | null, step: 1 | -1): boolean {
  const all = cards();
  if (all.length === 0) return false;
  const index = from ? all.indexOf(from) : -1;
  const next = index < 0 ? all[0] : all[index + step];
  if (!next) return false;
  next.focus();
  next.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return true;
}
