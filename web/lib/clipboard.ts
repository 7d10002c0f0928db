/** Copies text with the Clipboard API, or by selecting `fallback` and copying where that API is missing (plain http). */
export async function copyText(text: string, fallback: HTMLTextAreaElement | HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, not a secure context): try the selection below.
  }
  if (!fallback) return false;
  fallback.focus();
  fallback.select();
  return document.execCommand('copy');
}
