import { useEffect, useState } from 'react';

/** What the server offers at sign-in (GET /api/auth/oidc): single sign-on and its label, and the password form. */
export interface SignInOptions {
  sso: boolean;
  label: string | null;
  passwordLogin: boolean;
}

/** Until the server answers, or when it cannot: the password form only. */
const PASSWORD_ONLY: SignInOptions = { sso: false, label: null, passwordLogin: true };

// Asked once per page load: the options change only with the server's configuration.
let asked: Promise<SignInOptions> | undefined;

/** The sign-in options of this server (the password form only until they arrive). */
export function useSignInOptions(): SignInOptions {
  const [options, setOptions] = useState(PASSWORD_ONLY);
  useEffect(() => {
    asked ??= fetch('/api/auth/oidc')
      .then((res) => (res.ok ? (res.json() as Promise<SignInOptions>) : PASSWORD_ONLY))
      .catch(() => PASSWORD_ONLY);
    void asked.then(setOptions);
  }, []);
  return options;
}
