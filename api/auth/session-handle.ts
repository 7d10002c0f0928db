/** What a transport lets the auth service do to the caller's session (REST and GraphQL alike). */
export interface SessionHandle {
  /** The session's id (sockets opened with it are closed at logout); absent when the transport has none. */
  readonly id?: string;
  /** Regenerates the session id and binds it to the user. */
  signIn(userId: string): Promise<void>;
  /** Destroys the session on the server and clears the cookie. */
  signOut(): Promise<void>;
}
