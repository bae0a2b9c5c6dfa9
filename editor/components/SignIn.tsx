/**
 * Access screens of the editor: staff sign-in with their name and the editor token (when
 * the API answers 401), "Who is editing?" (the name alone, when the server needs no
 * token), the explanation of how to turn on remote editing (403), and the Sign out and
 * Change name buttons. Signing in or out never touches the drafts kept in localStorage.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { api, type ApiError } from '../lib/api.ts';
import {
  currentStaffName,
  retryAccess,
  setStaffName,
  signIn,
  signOut,
  staffNameProblem,
  useAccess,
  useStaffName,
} from '../lib/auth.ts';
import { useMember } from '../lib/member.ts';

function NameField({
  id,
  value,
  onChange,
  invalid,
  inputRef,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  describedBy: string;
}) {
  return (
    <div className={`fc-field${invalid ? ' has-error' : ''}`}>
      <label htmlFor={`${id}-name`}>Your name</label>
      <input
        ref={inputRef}
        id={`${id}-name`}
        name="staff-name"
        autoComplete="name"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-name-help ${describedBy}`}
      />
      <small id={`${id}-name-help`} className="fc-help">
        Drafts you save and versions you publish carry it, so colleagues know who changed what.
        Remembered in this browser.
      </small>
    </div>
  );
}

export function SignIn({ reason }: { reason?: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(currentStaffName);
  const [token, setToken] = useState('');
  const [error, setError] = useState<{ field: 'name' | 'token'; message: string }>();
  const [busy, setBusy] = useState(false);

  // Keyboard and screen-reader users land in the first empty field.
  useEffect(() => (currentStaffName() ? field : nameField).current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const given = token.trim();
    const fail = (message: string, which: 'name' | 'token' = 'token') => {
      setError({ field: which, message });
      const el = (which === 'name' ? nameField : field).current;
      el?.focus();
      el?.select();
    };
    const nameProblem = staffNameProblem(name);
    if (nameProblem) return fail(nameProblem, 'name');
    if (!given) return fail('Enter the editor token.');
    // An HTTP header carries printable ASCII only; anything else cannot be the token.
    if (!/^[\x21-\x7e]+$/.test(given))
      return fail('That is not the editor token: it has characters a token cannot contain.');
    setBusy(true);
    setError(undefined);
    try {
      await api.checkToken(given);
      setStaffName(name);
      signIn(given);
    } catch (err) {
      const a = err as ApiError;
      if (a.status === 401) fail('That token was not accepted. Check it and try again.');
      else if (a.status === 403)
        fail(
          'This server does not accept an editor token: remote editing is off (FORECOURT_EDITOR_TOKEN is not set).',
        );
      else fail(`Could not sign in: ${a.message}.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="fc-signin" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Staff sign-in</h1>
      <p className="fc-muted">
        The Forecourt editor changes dealer sites, so this server asks for your name and for the
        staff editor token. Ask whoever runs the server for it (it is the value of{' '}
        <code>FORECOURT_EDITOR_TOKEN</code>).
      </p>
      {reason && (
        <p className="fc-warning" role="status">
          {reason}
        </p>
      )}
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <NameField
          id={id}
          value={name}
          onChange={setName}
          invalid={error?.field === 'name'}
          inputRef={nameField}
          describedBy={`${id}-error`}
        />
        <div className={`fc-field${error?.field === 'token' ? ' has-error' : ''}`}>
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
            aria-invalid={error?.field === 'token' ? true : undefined}
            aria-describedby={`${id}-help ${id}-error`}
          />
          <small id={`${id}-help`} className="fc-help">
            Kept in this browser tab until you sign out or close the browser. Unsaved drafts stay in
            this browser either way.
          </small>
        </div>
        {/* Always in the page, so screen readers announce the message when it appears. */}
        <p
          id={`${id}-error`}
          className="fc-error"
          aria-live="assertive"
          aria-atomic="true"
          data-signin-error
        >
          {error?.message}
        </p>
        <button type="submit" className="fc-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

/** The name alone, asked once when the server needs no token (this machine). */
export function WhoIsEditing() {
  const id = useId();
  const nameField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    nameField.current?.focus();
    // A server that wants a token (401) or refuses this machine (403) says so first.
    api.listSites().catch(() => undefined);
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = staffNameProblem(name);
    if (problem) {
      setError(problem);
      nameField.current?.focus();
      return;
    }
    setStaffName(name);
  };
  return (
    <main className="fc-signin" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Who is editing?</h1>
      <form onSubmit={submit} noValidate>
        <NameField
          id={id}
          value={name}
          onChange={setName}
          invalid={!!error}
          inputRef={nameField}
          describedBy={`${id}-error`}
        />
        <p
          id={`${id}-error`}
          className="fc-error"
          aria-live="assertive"
          aria-atomic="true"
          data-signin-error
        >
          {error}
        </p>
        <button type="submit" className="fc-primary">
          Continue
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
        Without an editor token, this server’s editor only answers requests from the machine it runs
        on, and this browser is on another machine (or comes through a proxy).
      </p>
      <p>To edit from here:</p>
      <ol>
        <li>
          On the server, set <code>FORECOURT_EDITOR_TOKEN</code> to a long random secret (for
          example the output of <code>openssl rand -hex 32</code>) and restart it.
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

/** Who is editing, with a way to change it; and Sign out when a token is in use (forgets it, back to the sign-in screen). */
export function SignOutButton() {
  const access = useAccess();
  const staff = useStaffName();
  // A member's token names them: their name and role come from the server, not a choice here.
  const member = useMember();
  const roles = member?.kind === 'member' ? [...new Set(Object.values(member.roles))] : [];
  return (
    <>
      {staff && (
        <span className="fc-staff">
          <span className="fc-muted">Editing as</span> <strong data-staff-name>{staff}</strong>{' '}
          {roles.length ? (
            <span className="fc-muted" data-staff-role>
              ({roles.length === 1 ? roles[0] : 'editor or publisher by site'})
            </span>
          ) : (
            <button
              type="button"
              className="fc-link"
              onClick={() => setStaffName('')}
              aria-label={`Not ${staff}? Change name`}
            >
              Change
            </button>
          )}
        </span>
      )}
      {access.kind === 'ok' && access.token && (
        <button type="button" className="fc-sign-out" onClick={signOut}>
          Sign out
        </button>
      )}
    </>
  );
}
