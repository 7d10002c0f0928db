/**
 * Closes this window when a script opened it (the bookmarklet's popup); browsers refuse to close a
 * tab the person opened, so then `otherwise` runs instead (no dead Close button).
 */
export function closePopup(otherwise: () => void): void {
  window.close();
  // `closed` turns true at once when the close was accepted.
  if (!window.closed) otherwise();
}
