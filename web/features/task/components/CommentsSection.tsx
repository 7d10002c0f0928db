import { useId, useMemo, useState, type ReactNode } from 'react';
import { displayName } from '../../../lib/auth';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import type { CommentItem_CommentFragment } from '../../../gql/graphql';
import { MentionInput, MentionText, useLinkedComment, type MentionPart } from '../../mention';
import { useCommentMutations } from '../hooks/useCommentMutations';
import { formatStamp } from '../task-labels';
import { CommentAttachments, CommentFilesPicker, CommentUploads, useCommentFileChoice, useCommentUploads } from '../../attachment';
import { CommentEditForm } from './CommentEditForm';
import { Section } from './Section';
import { IconButton } from './SubtasksSection';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/gi;

/**
 * A comment's text: plain text (never HTML); web addresses become links only for http(s), so a
 * typed "javascript:" never runs; mentions are chips with the person's current name.
 */
export function CommentText({ text, mentions = [] }: { text: string; mentions?: readonly MentionPart[] }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
      <MentionText text={text} mentions={mentions} renderText={linked} />
    </p>
  );
}

/** Plain text with its http(s) addresses as links. */
function linked(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    const href = match[0];
    parts.push(
      /^https?:\/\//i.test(href) ? (
        <a key={start} href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-700 underline hover:text-brand-600">
          {href}
        </a>
      ) : (
        href
      ),
    );
    last = start + href.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

const initials = (c: CommentItem_CommentFragment) => {
  const name = c.author ? displayName(c.author) : 'Unknown User';
  return name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
};

const TYPE_LABELS: Record<string, string> = { reassignment: 'Reassignment', deadline_change: 'Deadline change' };

/** A task's comments: list, input, add; delete only where the viewer may (the author). */
export function CommentsSection({
  taskId,
  comments,
  canComment = true,
}: {
  taskId: string;
  comments: readonly CommentItem_CommentFragment[];
  canComment?: boolean;
}) {
  const id = useId();
  const [content, setContent] = useState('');
  const { addComment, updateComment, deleteComment, adding, updating } = useCommentMutations(taskId);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const trimmed = content.trim();
  const linked = useLinkedComment(useMemo(() => comments.map((c) => c.id), [comments]));

  const chosen = useCommentFileChoice();
  const uploads = useCommentUploads(taskId);

  // The comment first, then its files (each with its progress; a refused one says why and offers Retry).
  const submit = async () => {
    if (!trimmed || adding) return;
    const added = await addComment(trimmed);
    if (!added) return;
    setContent('');
    if (chosen.files.length) uploads.send(added.id, chosen.files);
    chosen.clear();
  };

  return (
    <Section title="Comments" badge={<Badge>{comments.length}</Badge>}>
      {comments.length === 0 ? (
        <p className="text-sm text-slate-500">No comments yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Comments">
          {comments.map((c) => (
            <li key={c.id} id={`comment-${c.id}`} data-testid="comment-item" aria-current={linked === c.id || undefined} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
              >
                {initials(c)}
              </span>
              <div className="min-w-0 flex-1 rounded-lg bg-slate-50 px-3 py-2">
                <div className="flex items-start justify-between gap-2">
                  <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                    <span className="text-sm font-semibold text-slate-900">{c.author ? displayName(c.author) : 'Unknown User'}</span>
                    <time dateTime={c.createdAt} className="text-xs text-slate-500">
                      {formatStamp(c.createdAt)}
                    </time>
                    {TYPE_LABELS[c.commentType] && <Badge tone="amber">{TYPE_LABELS[c.commentType]}</Badge>}
                  </div>
                  {(c.viewerCan.update || c.viewerCan.delete) && (
                    <div className="-mt-1 -mr-2 flex">
                      {c.viewerCan.update && (
                        <IconButton label="Edit comment" onClick={() => setEditingId(c.id)}>
                          <Icon.Edit width={15} height={15} />
                        </IconButton>
                      )}
                      {c.viewerCan.delete && (
                        <IconButton
                          label="Delete comment"
                          danger
                          disabled={deletingId === c.id}
                          onClick={async () => {
                            setDeletingId(c.id);
                            try {
                              await deleteComment(c.id);
                            } finally {
                              setDeletingId(null);
                            }
                          }}
                        >
                          <Icon.Trash width={15} height={15} />
                        </IconButton>
                      )}
                    </div>
                  )}
                </div>
                {editingId === c.id ? (
                  <CommentEditForm
                    taskId={taskId}
                    initial={c.content}
                    saving={updating}
                    onSave={(text) => updateComment(c.id, text)}
                    onCancel={() => setEditingId(null)}
                  />
                ) : (
                  <CommentText text={c.content} mentions={c.mentions} />
                )}
                <CommentAttachments files={c.attachments} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {canComment && (
        <div
          data-testid="comment-composer"
          className={`flex flex-col gap-2 rounded-md ${chosen.dragging ? 'bg-brand-50 ring-2 ring-brand-500/40' : ''}`}
          {...chosen.dropZone}
        >
          <label htmlFor={`${id}-comment`} className="sr-only">
            Add a comment
          </label>
          <MentionInput
            taskId={taskId}
            id={`${id}-comment`}
            rows={2}
            value={content}
            placeholder="Add a comment... (@ to mention someone)"
            onValueChange={setContent}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
                e.preventDefault();
                void submit();
              }
            }}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
          />
          <div className="flex items-start justify-between gap-2">
            <CommentFilesPicker files={chosen.files} onChoose={chosen.choose} onRemove={chosen.remove} disabled={adding} />
            <Button size="sm" onClick={submit} disabled={!trimmed || adding}>
              {adding ? 'Adding...' : 'Add Comment'}
            </Button>
          </div>
          <CommentUploads uploads={uploads} />
        </div>
      )}
    </Section>
  );
}
