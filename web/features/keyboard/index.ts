// The keyboard layer's face: what a screen needs to take part in the shortcuts. Re-exports only; the
// layer itself (KeyboardShortcuts) is loaded lazily by the shell through its own path.
export { focusCard, isPlainKey } from './shortcuts';
export { answerEarlyPaletteKey, holdEarlyPaletteKey } from './early-palette';
