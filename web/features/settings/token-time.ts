import { format, parseISO } from 'date-fns';

/** A token's created or last-used time as Settings shows it ('Never' when it has none). */
export const tokenTime = (iso: string | null | undefined): string => (iso ? format(parseISO(iso), 'MMM d, yyyy, h:mm a') : 'Never');
