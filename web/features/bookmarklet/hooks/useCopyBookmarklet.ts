import { useCallback } from 'react';
import { useToast } from '../../../lib/toast';

/** Copies text with the Clipboard API, or by selecting `fallback` and copying where that API is missing (plain http). */
async function copyText(text: string, fallback: HTMLTextAreaElement | null): Promise<boolean> {
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

/** Copies the bookmarklet code and toasts 'Bookmarklet copied!' (SPEC 8), or says how to copy it by hand. */
export function useCopyBookmarklet() {
  const { toast } = useToast();
  return useCallback(
    async (code: string, fallback: HTMLTextAreaElement | null) => {
      const copied = await copyText(code, fallback).catch(() => false);
      if (copied) toast({ title: 'Bookmarklet copied!' });
      else toast({ title: 'Could not copy', description: 'Select the code and copy it with Ctrl+C (Cmd+C on a Mac).', variant: 'destructive' });
    },
    [toast],
  );
}
