import { Field, InputType } from 'type-graphql';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { WEBHOOK_EVENTS, type WebhookEventName } from './webhook.events.js';

export const URL_MAX = 2000;
export const SECRET_MIN = 16;
export const SECRET_MAX = 200;

export interface WebhookFields {
  url?: string;
  events?: WebhookEventName[];
  secret?: string;
  enabled?: boolean;
}

/** An http(s) URL without credentials; throws BAD_USER_INPUT otherwise (the address is checked by the service). */
export function parseWebhookUrl(value: unknown): URL {
  const text = v.requiredText('URL', value, URL_MAX);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badInput('URL must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badInput('URL must use http:// or https://');
  if (url.username || url.password) throw badInput('URL must not contain a user name or password');
  return url;
}

/** One or more of WEBHOOK_EVENTS (duplicates dropped, in their canonical order). */
export function parseEvents(value: unknown): WebhookEventName[] {
  if (!Array.isArray(value) || value.length === 0) throw badInput(`Events must list at least one of: ${WEBHOOK_EVENTS.join(', ')}`);
  const unknown = value.filter((e) => typeof e !== 'string' || !WEBHOOK_EVENTS.includes(e as WebhookEventName));
  if (unknown.length > 0) throw badInput(`Unknown event ${unknown.map((e) => JSON.stringify(e)).join(', ')}: events are ${WEBHOOK_EVENTS.join(', ')}`);
  return WEBHOOK_EVENTS.filter((e) => value.includes(e));
}

/** The signing secret: 16 to 200 characters of printable ASCII, no spaces. */
export function parseSecret(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw badInput('Secret is required');
  if (value.length < SECRET_MIN || value.length > SECRET_MAX) throw badInput(`Secret must be ${SECRET_MIN} to ${SECRET_MAX} characters long`);
  if (!/^[\x21-\x7e]+$/.test(value)) throw badInput('Secret must be printable ASCII without spaces');
  return value;
}

/** Parses a webhook payload (create: url, events and secret required; update: only the keys sent). One BAD_USER_INPUT lists every problem. */
export function parseWebhookFields(raw: unknown, mode: 'create' | 'update'): WebhookFields & { parsedUrl?: URL } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Expected a JSON object with the webhook fields');
  const input = raw as Record<string, unknown>;
  const has = (k: string) => v.has(input, k);
  const problems = new v.Problems();
  const out: WebhookFields & { parsedUrl?: URL } = {};
  if (mode === 'create' || has('url')) {
    const url = problems.check(() => parseWebhookUrl(input.url));
    if (url) {
      out.parsedUrl = url;
      out.url = url.toString();
    }
  }
  if (mode === 'create' || has('events')) out.events = problems.check(() => parseEvents(input.events));
  if (mode === 'create' || has('secret')) out.secret = problems.check(() => parseSecret(input.secret));
  if (has('enabled')) out.enabled = problems.check(() => v.bool('Enabled', input.enabled));
  problems.throwIfAny();
  return out;
}

@InputType({ description: 'A new webhook' })
export class WebhookInput {
  @Field(() => String, { description: 'http:// or https:// URL of a public address' })
  url!: string;

  @Field(() => [String])
  events!: string[];

  @Field(() => String, { description: 'The HMAC-SHA256 key (16 to 200 printable characters); never served back' })
  secret!: string;

  @Field(() => Boolean, { nullable: true })
  enabled?: boolean;
}

@InputType({ description: 'Changes to a webhook (only the fields given)' })
export class WebhookUpdateInput {
  @Field(() => String, { nullable: true })
  url?: string;

  @Field(() => [String], { nullable: true })
  events?: string[];

  @Field(() => String, { nullable: true })
  secret?: string;

  @Field(() => Boolean, { nullable: true })
  enabled?: boolean;
}
