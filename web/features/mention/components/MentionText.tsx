import type { ReactNode } from 'react';

/** A mention beside a text, as the API returns it: who (current name) and where its token is. */
export interface MentionPart {
  userId: string;
  name: string;
  start: number;
  end: number;
}

/** One mention as a chip: `@Name` with the person's current name. */
export function MentionChip({ name }: { name: string }) {
  return (
    <span data-testid="mention-chip" className="rounded bg-brand-100 px-1 font-semibold text-brand-700">
      @{name}
    </span>
  );
}

/**
 * A text with its mention tokens shown as chips. `mentions` are the server's (positions in `text`);
 * the plain pieces between them go through `renderText` (e.g. making links), keyed by their start.
 */
export function MentionText({
  text,
  mentions,
  renderText = (plain) => plain,
}: {
  text: string;
  mentions: readonly MentionPart[];
  renderText?: (plain: string, start: number) => ReactNode;
}) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of [...mentions].sort((a, b) => a.start - b.start)) {
    if (m.start < last || m.end > text.length) continue;
    if (m.start > last) parts.push(<span key={`t${last}`}>{renderText(text.slice(last, m.start), last)}</span>);
    parts.push(<MentionChip key={`m${m.start}`} name={m.name} />);
    last = m.end;
  }
  if (last < text.length) parts.push(<span key={`t${last}`}>{renderText(text.slice(last), last)}</span>);
  return <>{parts}</>;
}
