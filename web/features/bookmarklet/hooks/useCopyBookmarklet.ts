import { useCallback } from 'react';
import { useToast } from '../../../lib/toast';
import { copyText } from '../../../lib/clipboard';

/** Copies the bookmarklet code and toasts 'Bookmarklet copied!', or says how to copy it by hand. */
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
