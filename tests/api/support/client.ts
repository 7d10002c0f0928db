/** A test client with its own cookie jar: REST and GraphQL over real HTTP, like a browser. */
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface GqlReply<T = any> {
  status: number;
  data: T | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[];
}

export class Client {
  private cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  /** The Cookie header value (for WebSocket connections). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Sends a request; `body` objects are sent as JSON, strings as they are. */
  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...this.extraHeaders, ...headers, cookie: this.cookieHeader() } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, init);
    this.remember(res.headers);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {});
  patch = <T = any>(path: string, body: unknown) => this.request<T>('PATCH', path, body);
  put = <T = any>(path: string, body: unknown) => this.request<T>('PUT', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);

  /** A GraphQL operation over HTTP POST. */
  async gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<GqlReply<T>> {
    const res = await this.request<{ data?: T; errors?: GqlReply['errors'] }>('POST', '/graphql', { query, variables });
    return { status: res.status, data: res.body?.data ?? null, errors: res.body?.errors };
  }

  /** Signs in through REST; throws when it fails. */
  async login(username: string, password = `${username}123`): Promise<any> {
    const res = await this.post('/api/auth/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
}

/** A signed-in client for one of the demo accounts (admin, manager, user). */
export async function signedIn(baseUrl: string, username: 'admin' | 'manager' | 'user' | string, password?: string): Promise<Client> {
  const client = new Client(baseUrl);
  await client.login(username, password);
  return client;
}
