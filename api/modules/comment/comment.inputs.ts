import { Field, InputType } from 'type-graphql';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { COMMENT_TYPES, LIMITS, type CommentTypeValue } from '../../../schema/domain/task-rules.js';

/** A new comment, parsed. The author is never part of it: it is always the signed-in user. */
export interface CommentFields {
  content: string;
  commentType: CommentTypeValue;
  isInternal: boolean;
}

/** Parses a comment payload (REST body or GraphQL input). A `userId` in it is ignored on purpose. */
export function parseCommentFields(raw: unknown): CommentFields {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Expected a JSON object with the comment');
  const input = raw as Record<string, unknown>;
  const content = v.requiredText('Comment', input.content, LIMITS.commentMax);
  const commentType =
    input.commentType === undefined || input.commentType === null || input.commentType === ''
      ? 'comment'
      : v.oneOf('Comment type', input.commentType, COMMENT_TYPES);
  const isInternal = input.isInternal === undefined || input.isInternal === null ? false : v.bool('Internal', input.isInternal);
  return { content, commentType, isInternal };
}

/** A comment's edit: its new text (the only part that changes). */
export function parseCommentUpdate(raw: unknown): { content: string } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Expected a JSON object with the comment');
  return { content: v.requiredText('Comment', (raw as Record<string, unknown>).content, LIMITS.commentMax) };
}

/** GraphQL input of addComment. */
@InputType()
export class CommentInput {
  @Field(() => String, { description: 'Trimmed, 1 to 10000 characters' }) content!: string;
  @Field(() => String, { nullable: true, description: 'comment (default), reassignment or deadline_change' }) commentType?: string | null;
  @Field(() => Boolean, { nullable: true }) isInternal?: boolean | null;
}
