/**
 * Sign in (/sign-in?type=&redirect=&back=) with a mobile number, in two steps: the number,
 * then the one-time code texted to it (CodeStep.tsx; docs/api.md, "Watchlist and sign-in").
 * The session is kept in
 * localStorage plus a cookie; then the visitor goes on to `redirect` (a path inside the
 * site; anything else is ignored). `back` is where "Back" goes. type says why they were
 * asked: sign-in (a gated page such as checkout), finance, or watchlist.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { SignInProps } from '../../schemas/resolved.gen.ts';
import { signIn_phone_number_maxLength } from '../../schemas/api-limits.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import {
  readSession,
  requestSignInCode,
  safeInternalPath,
  signIn,
  signOut,
  type StoredSession,
} from '../_shared/session.ts';
import { CodeStep } from './CodeStep.tsx';
import { FormFrame, SubmitButton } from '../_forms/Form.tsx';
import { TextField } from '../_forms/fields.tsx';
import { phone, phoneExample, required } from '../_forms/rules.ts';
import { useForm, type FormController } from '../_forms/useForm.ts';
import { phoneForDisplay } from '../../engine/api/regional.ts';
import '../_forms/forms.css';
import './sign-in.css';

const REASONS: Record<string, string> = {
  'sign-in': 'Please sign in to continue.',
  finance: 'Please sign in to continue to finance.',
  watchlist: 'Please sign in to save cars to your watchlist.',
};

/** Where to go after signing in, and where Back goes (pure). */
export function signInTargets(search: string): { type: string; redirect: string; back: string } {
  const q = new URLSearchParams(search);
  const type = q.get('type') ?? '';
  const redirect = safeInternalPath(q.get('redirect')) ?? '/';
  const back = safeInternalPath(q.get('back')) ?? '/';
  return {
    type: /^[a-z-]{1,30}$/.test(type) ? type : '',
    redirect: redirect.startsWith('/sign-in') ? '/' : redirect,
    back,
  };
}

export default defineBlock<SignInProps>({
  component: function SignIn({ props, block }) {
    const { site, region, t } = useSite();
    const navigate = useNavigate();
    const { search } = useLocation();
    const { type, redirect, back } = signInTargets(search);
    const [session, setSession] = useState<StoredSession | undefined>();
    useEffect(() => setSession(readSession(site.slug)), [site.slug]);
    const form = useForm({ initial: { phone_number: '' } });
    const codeForm = useForm({ initial: { code: '' } });
    /** The number a code was sent to (as the server keys it), and for how many minutes. */
    const [sent, setSent] = useState<{ phone: string; minutes: number } | undefined>();
    // Back from the code step, the number's field takes focus, as the code's did going there.
    const [numberAgain, setNumberAgain] = useState(false);
    useEffect(() => {
      if (!numberAgain || sent) return;
      document.getElementById(form.fieldId('phone_number'))?.focus();
      setNumberAgain(false);
    }, [numberAgain, sent, form]);
    const headingId = `${block.id}-heading`;

    const sendCode = (shown: FormController) =>
      shown.submit(async () => {
        const result = await requestSignInCode(site, String(form.values.phone_number));
        if (!result.ok) return { ok: false, error: result.error, fields: result.fields };
        const ms = new Date(result.sent.expires_at).getTime() - Date.now();
        setSent({ phone: result.sent.phone_number, minutes: Math.max(1, Math.round(ms / 60_000)) });
        codeForm.set('code', '');
        return { ok: true };
      });

    const onSubmit = () => {
      const rule = {
        name: 'phone_number',
        label: 'Mobile number',
        checks: [required('Mobile number'), phone(region.region)],
      };
      if (form.check([rule])) void sendCode(form);
    };

    const onCode = (code: string) =>
      void codeForm.submit(async () => {
        const result = await signIn(site, String(form.values.phone_number), code);
        if (result.ok) {
          navigate(redirect, { replace: true });
          return { ok: true };
        }
        return { ok: false, error: result.error, fields: result.fields };
      });

    return (
      <section
        className="fc-form-block fc-sign-in"
        aria-labelledby={headingId}
        data-block-id={block.id}
      >
        <div className="fc-container fc-sign-in__inner">
          <h1 id={headingId} className="fc-form-block__heading">
            {t(props.heading)}
          </h1>
          {REASONS[type] && <p className="fc-sign-in__reason">{REASONS[type]}</p>}
          {props.intro && <p className="fc-form-block__intro">{t(props.intro)}</p>}
          {session ? (
            <div className="fc-result" role="status">
              <p>You're signed in with {phoneForDisplay(region.region, session.phone_number)}.</p>
              <p className="fc-form__actions">
                <SiteLink href={redirect} className="fc-button">
                  Continue
                </SiteLink>
                <button
                  type="button"
                  className="fc-button fc-button--secondary"
                  onClick={() => {
                    void signOut(site);
                    setSession(undefined);
                  }}
                >
                  Sign out
                </button>
              </p>
            </div>
          ) : sent ? (
            <CodeStep
              form={codeForm}
              region={region.region}
              phone={sent.phone}
              minutes={sent.minutes}
              labelledBy={headingId}
              onSubmit={onCode}
              onResend={() => void sendCode(codeForm)}
              onOtherNumber={() => {
                setSent(undefined);
                setNumberAgain(true);
              }}
            />
          ) : (
            <FormFrame form={form} onSubmit={onSubmit} labelledBy={headingId}>
              <TextField
                form={form}
                name="phone_number"
                label="Mobile number"
                type="tel"
                required
                autoComplete="tel"
                inputMode="tel"
                maxLength={signIn_phone_number_maxLength}
                help={`For example ${phoneExample(region.region)}`}
              />
              <div className="fc-form__actions">
                <SubmitButton form={form} busyLabel="Sending a code…">
                  {props.submitLabel}
                </SubmitButton>
                <SiteLink href={back} className="fc-button fc-button--secondary">
                  Back
                </SiteLink>
              </div>
            </FormFrame>
          )}
        </div>
      </section>
    );
  },
});
