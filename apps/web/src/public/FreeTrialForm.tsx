import { useState, type FormEvent } from 'react';
import { freeTrialBody, type FreeTrialBody } from '@drat/contracts';
import { CallError, registerFreeTrial } from './api';
import { styles as s } from './parts';

type Field = keyof FreeTrialBody;
const LABELS: Record<Field, string> = { email: 'E-mail', first_name: 'First name', last_name: 'Last name' };

/** The free-trial sign-up (§3 "Free-trial signup"): checked with the server's own schema, then sent. */
export function FreeTrialForm() {
  const [values, setValues] = useState<FreeTrialBody>({ email: '', first_name: '', last_name: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = freeTrialBody.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setDone((await registerFreeTrial(parsed.data)).message);
    } catch (err) {
      if (err instanceof CallError && err.status === 400) {
        const next: Partial<Record<Field, string>> = {};
        for (const f of Object.keys(LABELS) as Field[]) {
          const m = err.field(f);
          if (m) next[f] = m;
        }
        setErrors(next);
        if (Object.keys(next).length === 0) setFailure(err.message);
      } else setFailure(err instanceof Error ? err.message : 'The sign-up failed. Try again.');
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className={s.form}>
        <p className={s.success} role="status" data-testid="trial-started">
          {done}
        </p>
        <a className={s.link} href="/login">
          Go to sign in
        </a>
      </div>
    );
  }
  return (
    <form className={s.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Free trial sign-up">
      {(Object.keys(LABELS) as Field[]).map((f) => (
        <div key={f} className={s.field}>
          <label htmlFor={`trial-${f}`}>{LABELS[f]}</label>
          <input
            id={`trial-${f}`}
            name={f}
            type={f === 'email' ? 'email' : 'text'}
            autoComplete={f === 'email' ? 'email' : f === 'first_name' ? 'given-name' : 'family-name'}
            value={values[f]}
            aria-invalid={errors[f] ? true : undefined}
            aria-describedby={errors[f] ? `trial-${f}-error` : undefined}
            onChange={(e) => setValues({ ...values, [f]: e.target.value })}
          />
          {errors[f] && (
            <p id={`trial-${f}-error`} className={s.error}>
              {errors[f]}
            </p>
          )}
        </div>
      ))}
      {failure && (
        <p className={s.error} role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className={s.button} disabled={busy}>
        {busy ? 'Starting…' : 'Start my 7-day free trial'}
      </button>
    </form>
  );
}
