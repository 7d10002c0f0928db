import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Every setting of the server, parsed once from the environment (see .env.example). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL switches the database to PostgreSQL; absent means embedded SQLite. */
  databaseUrl: string | null;
  /** Sessions, login limits and live-update fan-out go through Redis when set. */
  redisUrl: string | null;
  /** Namespace of this deployment's keys and channels in a shared Redis. */
  redisPrefix: string;
  sessionSecret: string;
  seedDemo: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  trustProxy: boolean | number | string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Allow GraphQL introspection even in production. */
  introspection: boolean;
  /** Where the built web client lives; served on `/` when present. */
  webDir: string;
  /** Extra origins allowed to call the API and open sockets (comma separated in ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  sessionMaxAgeMs: number;
  /** Security events older than this many days are pruned (SECURITY_EVENT_RETENTION_DAYS; 0 keeps them for ever). */
  securityEventRetentionDays: number;
  loginLimit: { perUser: number; perIp: number; windowMs: number };
  /** Webhooks may call loopback, private and link-local addresses (WEBHOOK_ALLOW_PRIVATE; off: SSRF guard). */
  webhookAllowPrivate: boolean;
  /** The first retry's wait; each further one doubles it (WEBHOOK_RETRY_BASE_MS). */
  webhookRetryBaseMs: number;
  /** How long one delivery attempt may take (WEBHOOK_TIMEOUT_MS; 10 s; tests shorten it). */
  webhookTimeoutMs: number;
  /** Where people open the app (links in emails); PUBLIC_URL, default http://localhost:PORT. */
  publicUrl: string;
  /** smtp(s):// URL of the mail server for notification emails; null sends no email. */
  smtpUrl: string | null;
  /** The From address of notification emails (SMTP_FROM). */
  smtpFrom: string;
  /** How often the due-date reminder round runs (REMINDER_INTERVAL_SECONDS, default 300). */
  reminderIntervalMs: number;
  /** How long a task-presence entry lives without a heartbeat (PRESENCE_TTL_MS, default 30 000; clients renew every 10 s). */
  presenceTtlMs: number;
  /** SQLite's `synchronous` (SQLITE_SYNCHRONOUS): full survives a power loss, normal only a process crash (docs/DECISIONS.md). */
  sqliteSynchronous: SqliteSynchronous;
  /** Email-in (README, "Email-in"): the domain of the `tasks+<token>@` addresses (INBOUND_EMAIL_DOMAIN); null offers none. */
  inboundEmailDomain: string | null;
  /** The SMTP listener of email-in (INBOUND_SMTP_PORT, _HOST, _KEY, _CERT files for STARTTLS); null receives no mail. */
  inboundSmtp: { port: number; host: string; keyFile: string | null; certFile: string | null } | null;
  /** Largest incoming email (INBOUND_EMAIL_MAX_MB, default 25), and messages per address a minute (INBOUND_EMAIL_PER_MINUTE, default 30). */
  inboundEmailMaxBytes: number;
  inboundEmailPerMinute: number;
  /** Largest file an import takes (IMPORT_MAX_MB, default 50). */
  importMaxBytes: number;
  /** Where uploaded task attachments are kept (ATTACHMENTS_DIR, else DATA_DIR/attachments), and the largest one (ATTACHMENT_MAX_MB, default 25). */
  attachmentsDir: string;
  attachmentMaxBytes: number;
  /** Single sign-on (OIDC_ISSUER_URL and the rest, README "Single sign-on"); null offers none. */
  oidc: OidcConfig | null;
  /** The username and password form (PASSWORD_LOGIN, default true; false needs single sign-on). */
  passwordLogin: boolean;
}

/** An OpenID Connect provider people sign in with (Authorization Code with PKCE). */
export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  /** Absent for a public client (PKCE only). */
  clientSecret: string | null;
  buttonLabel: string;
  /** Someone the provider knows but the app does not becomes a member at first sign-in (OIDC_AUTO_CREATE). */
  autoCreate: boolean;
  /** A value of the `groups` claim that makes the person an admin, or a manager, at each sign-in. */
  adminGroup: string | null;
  managerGroup: string | null;
}

/** The SQLite `synchronous` levels the server offers (docs/DECISIONS.md, "SQLite synchronous"). */
export type SqliteSynchronous = 'normal' | 'full';
export const DEFAULT_SQLITE_SYNCHRONOUS: SqliteSynchronous = 'normal';

/** The file in DATA_DIR that keeps the generated session secret. */
export const SESSION_SECRET_FILE = 'session-secret';

/** DATA_DIR as an absolute path (not created). */
export const resolveDataDir = (env: NodeJS.ProcessEnv): string => path.resolve(env.DATA_DIR || './data');

/** The folder of uploaded files: ATTACHMENTS_DIR, or DATA_DIR/attachments (the server, backup and restore). */
export const resolveAttachmentsDir = (env: NodeJS.ProcessEnv, dataDir = resolveDataDir(env)): string =>
  env.ATTACHMENTS_DIR ? path.resolve(env.ATTACHMENTS_DIR) : path.join(dataDir, 'attachments');

class ConfigError extends Error {}

function parseBool(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

function parseSqliteSynchronous(value: string | undefined): SqliteSynchronous {
  if (value === undefined || value === '') return DEFAULT_SQLITE_SYNCHRONOUS;
  const level = value.trim().toLowerCase();
  if (level !== 'normal' && level !== 'full') throw new ConfigError(`SQLITE_SYNCHRONOUS must be normal or full, got "${value}"`);
  return level;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '') return false;
  const asBool = parseBool('TRUST_PROXY', value.match(/^(true|false|yes|no|on|off)$/i) ? value : undefined);
  if (asBool !== undefined) return asBool;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // an address list or preset understood by Express
}

/** The session secret a deployment runs with, when there is one: SESSION_SECRET, else DATA_DIR's (never made here). */
export function existingSessionSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null;
}

/** Reads SESSION_SECRET, or a secret generated once and kept in DATA_DIR. */
function resolveSessionSecret(dataDir: string, given: string | undefined, isProduction: boolean): string {
  if (given) {
    if (isProduction && given.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters in production');
    return given;
  }
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The OIDC_* block: null without OIDC_ISSUER_URL; an https:// issuer (http:// on loopback only) and a client id. */
function parseOidc(env: NodeJS.ProcessEnv): OidcConfig | null {
  const issuerUrl = env.OIDC_ISSUER_URL?.trim() || null;
  const clientId = env.OIDC_CLIENT_ID?.trim() || null;
  if (!issuerUrl) {
    if (clientId) throw new ConfigError('OIDC_CLIENT_ID needs OIDC_ISSUER_URL (the provider to sign in with)');
    return null;
  }
  let url: URL;
  try {
    url = new URL(issuerUrl);
  } catch {
    throw new ConfigError(`OIDC_ISSUER_URL must be an https:// URL, got "${issuerUrl}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)))
    throw new ConfigError(`OIDC_ISSUER_URL must be an https:// URL (http:// only on localhost), got "${issuerUrl}"`);
  if (!clientId) throw new ConfigError('OIDC_ISSUER_URL needs OIDC_CLIENT_ID (the client registered at the provider)');
  return {
    issuerUrl,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET?.trim() || null,
    buttonLabel: env.OIDC_BUTTON_LABEL?.trim().slice(0, 60) || 'Sign in with SSO',
    autoCreate: parseBool('OIDC_AUTO_CREATE', env.OIDC_AUTO_CREATE) ?? false,
    adminGroup: env.OIDC_ADMIN_GROUP?.trim() || null,
    managerGroup: env.OIDC_MANAGER_GROUP?.trim() || null,
  };
}

/** Parses and validates the environment; throws a readable error on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = (env.NODE_ENV ?? 'development') as AppConfig['nodeEnv'];
  if (!['development', 'production', 'test'].includes(nodeEnv)) throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnv}"`);
  const isProduction = nodeEnv === 'production';
  const dataDir = resolveDataDir(env);
  mkdirSync(dataDir, { recursive: true });

  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must be a redis:// URL');

  const logLevel = (env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info')) as AppConfig['logLevel'];
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be debug, info, warn, error or silent`);

  const port = parseInteger('PORT', env.PORT, 3000, 0, 65535);
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port || 3000}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(publicUrl)) throw new ConfigError('PUBLIC_URL must be an http(s):// URL');
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  const inboundEmailDomain = env.INBOUND_EMAIL_DOMAIN?.trim().toLowerCase() || null;
  const inboundPort = env.INBOUND_SMTP_PORT?.trim() ? parseInteger('INBOUND_SMTP_PORT', env.INBOUND_SMTP_PORT, 25, 0, 65535) : null;
  if (inboundPort !== null && !inboundEmailDomain)
    throw new ConfigError('INBOUND_SMTP_PORT needs INBOUND_EMAIL_DOMAIN (the domain of the tasks+... addresses)');
  const [keyFile, certFile] = [env.INBOUND_SMTP_KEY?.trim() || null, env.INBOUND_SMTP_CERT?.trim() || null];
  if (!keyFile !== !certFile) throw new ConfigError('INBOUND_SMTP_KEY and INBOUND_SMTP_CERT go together (STARTTLS needs both files)');
  const oidc = parseOidc(env);
  const passwordLogin = parseBool('PASSWORD_LOGIN', env.PASSWORD_LOGIN) ?? true;
  if (!passwordLogin && !oidc) throw new ConfigError('PASSWORD_LOGIN=false needs single sign-on (OIDC_ISSUER_URL): no one could sign in');

  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl,
    redisPrefix: env.REDIS_PREFIX || 'lwf:',
    sessionSecret: resolveSessionSecret(dataDir, env.SESSION_SECRET, isProduction),
    // Demo accounts go into an empty embedded database unless SEED_DEMO=false (logged loudly when they do).
    seedDemo: parseBool('SEED_DEMO', env.SEED_DEMO) ?? !databaseUrl,
    nodeEnv,
    isProduction,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel,
    introspection: parseBool('GRAPHQL_INTROSPECTION', env.GRAPHQL_INTROSPECTION) ?? !isProduction,
    webDir: path.resolve(env.WEB_DIR || 'dist/web'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    sessionMaxAgeMs: parseInteger('SESSION_MAX_AGE_HOURS', env.SESSION_MAX_AGE_HOURS, 24 * 7, 1, 24 * 365) * 3600_000,
    securityEventRetentionDays: parseInteger('SECURITY_EVENT_RETENTION_DAYS', env.SECURITY_EVENT_RETENTION_DAYS, 365, 0, 36_500),
    loginLimit: {
      perUser: parseInteger('LOGIN_LIMIT_PER_USER', env.LOGIN_LIMIT_PER_USER, 10, 1, 1_000_000),
      perIp: parseInteger('LOGIN_LIMIT_PER_IP', env.LOGIN_LIMIT_PER_IP, 100, 1, 1_000_000),
      windowMs: parseInteger('LOGIN_LIMIT_WINDOW_SECONDS', env.LOGIN_LIMIT_WINDOW_SECONDS, 900, 1, 86_400) * 1000,
    },
    webhookAllowPrivate: parseBool('WEBHOOK_ALLOW_PRIVATE', env.WEBHOOK_ALLOW_PRIVATE) ?? false,
    webhookRetryBaseMs: parseInteger('WEBHOOK_RETRY_BASE_MS', env.WEBHOOK_RETRY_BASE_MS, 1000, 1, 3_600_000),
    webhookTimeoutMs: parseInteger('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000, 50, 120_000),
    publicUrl,
    smtpUrl,
    smtpFrom: env.SMTP_FROM?.trim() || 'Let work flow <no-reply@localhost>',
    reminderIntervalMs: parseInteger('REMINDER_INTERVAL_SECONDS', env.REMINDER_INTERVAL_SECONDS, 300, 1, 86_400) * 1000,
    presenceTtlMs: parseInteger('PRESENCE_TTL_MS', env.PRESENCE_TTL_MS, 30_000, 100, 600_000),
    sqliteSynchronous: parseSqliteSynchronous(env.SQLITE_SYNCHRONOUS),
    inboundEmailDomain,
    inboundSmtp: inboundPort === null ? null : { port: inboundPort, host: env.INBOUND_SMTP_HOST?.trim() || '0.0.0.0', keyFile, certFile },
    inboundEmailMaxBytes: parseInteger('INBOUND_EMAIL_MAX_MB', env.INBOUND_EMAIL_MAX_MB, 25, 1, 1024) * 1024 * 1024,
    inboundEmailPerMinute: parseInteger('INBOUND_EMAIL_PER_MINUTE', env.INBOUND_EMAIL_PER_MINUTE, 30, 1, 100_000),
    importMaxBytes: parseInteger('IMPORT_MAX_MB', env.IMPORT_MAX_MB, 50, 1, 1024) * 1024 * 1024,
    attachmentsDir: resolveAttachmentsDir(env, dataDir),
    attachmentMaxBytes: parseInteger('ATTACHMENT_MAX_MB', env.ATTACHMENT_MAX_MB, 25, 1, 1024) * 1024 * 1024,
    oidc,
    passwordLogin,
  };
}
