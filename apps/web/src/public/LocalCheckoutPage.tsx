import { useEffect, useState, type FormEvent } from 'react';
import type { LocalCheckout } from '@drat/contracts';
import { CallError, fetchLocalCheckout, payLocalCheckout } from './api';
import { Footer, money, styles as s } from './parts';

type Field = 'email' | 'name' | 'card_number' | 'expiry' | 'cvc';
const FIELDS: { name: Field; label: string; autoComplete: string; placeholder?: string }[] = [
  { name: 'email', label: 'E-mail', autoComplete: 'email' },
  { name: 'name', label: 'Name on card', autoComplete: 'cc-name' },
  { name: 'card_number', label: 'Card number', autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242' },
  { name: 'expiry', label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: '12/30' },
  { name: 'cvc', label: 'Security code', autoComplete: 'cc-csc', placeholder: '123' },
];
const PER = { month: 'a month', year: 'a year', once: 'once' } as const;

/** The local payments provider's own checkout page (PAYMENTS=local): test cards, no money moves. */
export function LocalCheckoutPage({ id }: { id: string }) {
  const [checkout, setCheckout] = useState<LocalCheckout | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    name: '',
    card_number: '',
    expiry: '',
    cvc: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchLocalCheckout(id)
      .then(setCheckout)
      .catch((e: unknown) => setLoadError(e instanceof Error ? e.message : 'This checkout cannot be found.'));
  }, [id]);

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (!checkout) return;
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const { email, ...card } = values;
      const answer = await payLocalCheckout(id, { ...card, ...(checkout.email ? {} : { email }) });
      window.location.assign(answer.redirect_url);
    } catch (err) {
      setBusy(false);
      if (err instanceof CallError && err.status === 400) {
        const next: Partial<Record<Field, string>> = {};
        for (const f of FIELDS) {
          const m = err.field(f.name);
          if (m) next[f.name] = m;
        }
        setErrors(next);
        if (Object.keys(next).length === 0) setFailure(err.message);
      } else setFailure(err instanceof Error ? err.message : 'The payment failed. Try again.');
    }
  };

  const open = checkout?.status === 'open';
  return (
    <div className={s.page}>
      <header className={`${s.wrap} ${s.header}`}>
        <span className={s.brand}>DRAT</span>
        <span className={s.muted}>Test checkout</span>
      </header>
      <main className={s.wrap} style={{ paddingBottom: 48 }}>
        <h1 className={s.h2} style={{ textAlign: 'left', margin: '12px 0 16px' }}>
          Checkout
        </h1>
        {loadError && (
          <p className={s.error} role="alert">
            {loadError}
          </p>
        )}
        {checkout && (
          <div className={s.heroGrid} style={{ alignItems: 'start', paddingTop: 8 }}>
            <div className={s.card}>
              <h2 className={s.cardTitle}>{checkout.plan_name}</h2>
              <p className={s.price}>
                {money(checkout.price)} <span className={s.per}>{PER[checkout.interval]}</span>
              </p>
              {checkout.trial_days > 0 && (
                <p className={s.save}>
                  {checkout.trial_days} days free: nothing is charged today, then {money(checkout.price)}{' '}
                  {PER[checkout.interval]}.
                </p>
              )}
              <p className={s.notice}>
                This is DRAT&apos;s offline test checkout: no money moves. Card 4242 4242 4242 4242 pays; 4000 0000 0000
                0002 is declined. Any future expiry and any 3 digits.
              </p>
              {checkout.status === 'complete' && <p className={s.success}>This checkout is already paid.</p>}
              {checkout.status === 'expired' && (
                <p className={s.error} role="alert">
                  This checkout has expired. Start again from the plans page.
                </p>
              )}
            </div>
            {open && (
              <form
                className={s.form}
                onSubmit={(e) => void pay(e)}
                noValidate
                aria-label="Payment"
                style={{ margin: 0 }}
              >
                {checkout.email && (
                  <p className={s.muted} style={{ margin: 0 }}>
                    Paying for <strong>{checkout.email}</strong>
                  </p>
                )}
                {FIELDS.filter((f) => f.name !== 'email' || !checkout.email).map((f) => (
                  <div key={f.name} className={s.field}>
                    <label htmlFor={`pay-${f.name}`}>{f.label}</label>
                    <input
                      id={`pay-${f.name}`}
                      name={f.name}
                      inputMode={f.name === 'card_number' || f.name === 'cvc' ? 'numeric' : undefined}
                      type={f.name === 'email' ? 'email' : 'text'}
                      autoComplete={f.autoComplete}
                      placeholder={f.placeholder}
                      value={values[f.name]}
                      aria-invalid={errors[f.name] ? true : undefined}
                      aria-describedby={errors[f.name] ? `pay-${f.name}-error` : undefined}
                      onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                    />
                    {errors[f.name] && (
                      <p id={`pay-${f.name}-error`} className={s.error}>
                        {errors[f.name]}
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
                  {busy ? 'Paying…' : `Pay ${checkout.trial_days > 0 ? money(0) : money(checkout.price)}`}
                </button>
                <a className={s.link} href={checkout.cancel_url}>
                  Cancel and go back
                </a>
              </form>
            )}
          </div>
        )}
      </main>
      <Footer />
    </div>
  );
}
