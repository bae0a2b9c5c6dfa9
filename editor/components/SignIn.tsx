/**
 * Access screens of the editor: staff sign-in with the editor token (when the API answers
 * 401), the explanation of how to turn on remote editing (403), and the Sign out button.
 * Signing in or out never touches the drafts kept in localStorage.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../lib/api.ts';
import { retryAccess, signIn, signOut, useAccess } from '../lib/auth.ts';

export function SignIn({ reason }: { reason?: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [token, setToken] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // Keyboard and screen-reader users land in the field.
  useEffect(() => field.current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const given = token.trim();
    const fail = (message: string) => {
      setError(message);
      field.current?.focus();
      field.current?.select();
    };
    if (!given) return fail('Enter the editor token.');
    // An HTTP header carries printable ASCII only; anything else cannot be the token.
    if (!/^[\x21-\x7e]+$/.test(given)) return fail('That is not the editor token: it has characters a token cannot contain.');
    setBusy(true);
    setError('');
    try {
      await api.checkToken(given);
      signIn(given);
    } catch (err) {
      const a = err as ApiError;
      if (a.status === 401) fail('That token was not accepted. Check it and try again.');
      else if (a.status === 403) fail('This server does not accept an editor token: remote editing is off (FORECOURT_EDITOR_TOKEN is not set).');
      else fail(`Could not sign in: ${a.message}.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="fc-signin" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Staff sign-in</h1>
      <p className="fc-muted">
        The Forecourt editor changes live dealer sites, so this server asks for the staff editor token. Ask whoever runs the server for it (it is the value of{' '}
        <code>FORECOURT_EDITOR_TOKEN</code>).
      </p>
      {reason && (
        <p className="fc-warning" role="status">
          {reason}
        </p>
      )}
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <div className={`fc-field${error ? ' has-error' : ''}`}>
          <label htmlFor={`${id}-token`}>Editor token</label>
          <input
            ref={field}
            id={`${id}-token`}
            name="token"
            type="password"
            autoComplete="current-password"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help ${id}-error`}
          />
          <small id={`${id}-help`} className="fc-help">
            Kept in this browser tab until you sign out or close the browser. Unsaved drafts stay in this browser either way.
          </small>
        </div>
        {/* Always in the page, so screen readers announce the message when it appears. */}
        <p id={`${id}-error`} className="fc-error" aria-live="assertive" aria-atomic="true" data-signin-error>
          {error}
        </p>
        <button type="submit" className="fc-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

export function RemoteEditingOff({ message }: { message?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="fc-signin" aria-labelledby="fc-remote-off-title">
      <h1 id="fc-remote-off-title" ref={heading} tabIndex={-1}>
        Remote editing is off
      </h1>
      {message && <p className="fc-muted">The server said: {message}</p>}
      <p>
        Without an editor token, this server’s editor only answers requests from the machine it runs on, and this browser is on another machine (or comes through a
        proxy).
      </p>
      <p>To edit from here:</p>
      <ol>
        <li>
          On the server, set <code>FORECOURT_EDITOR_TOKEN</code> to a long random secret (for example the output of <code>openssl rand -hex 32</code>) and restart it.
        </li>
        <li>Choose Try again below, and sign in with that token.</li>
      </ol>
      <p>Or open the editor in a browser on the server’s own machine, which needs no token.</p>
      <button type="button" onClick={retryAccess}>
        Try again
      </button>
    </main>
  );
}

/** Shown when a token is in use: forgets it and returns to the sign-in screen. */
export function SignOutButton() {
  const access = useAccess();
  if (access.kind !== 'ok' || !access.token) return null;
  return (
    <button type="button" className="fc-sign-out" onClick={signOut}>
      Sign out
    </button>
  );
}
