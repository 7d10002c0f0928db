/** What a transport lets the auth service do to the caller's session (REST and GraphQL alike). */
export interface SessionHandle {
  /** The session's id (sockets opened with it are closed at logout); absent when the transport has none. */
  readonly id?: string;
  /** How the session signed in: a password (the default, also of sessions older than this field) or single sign-on. */
  readonly signedInWith?: 'password' | 'passkey' | 'sso';
  /** Regenerates the session id and binds it to the user, signed in with a password unless told otherwise. */
  signIn(userId: string, signedInWith?: 'password' | 'passkey' | 'sso'): Promise<void>;
  /** Destroys the session on the server and clears the cookie. */
  signOut(): Promise<void>;
}
