/** What a transport lets the auth service do to the caller's session (REST and GraphQL alike). */
export interface SessionHandle {
  /** Regenerates the session id and binds it to the user. */
  signIn(userId: string): Promise<void>;
  /** Destroys the session on the server and clears the cookie. */
  signOut(): Promise<void>;
}
