import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { CatalogueItem } from '@drat/contracts';
import { CallError, checkout, fetchCatalogue } from './api';
import s from './offers.module.css';

/** The plan catalogue (prices, trials, places left) as the server has it now. */
export function useCatalogue(challenge = 1) {
  const [plans, setPlans] = useState<CatalogueItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    fetchCatalogue(challenge)
      .then((c) => {
        setPlans(c.plans);
        setError(null);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'The plans could not be loaded.'));
  }, [challenge]);
  useEffect(load, [load]);
  return { plans, error, reload: load };
}

/** The catalogue's plans with these codes, in this order. */
export function pick(plans: CatalogueItem[] | null, codes: readonly string[]): CatalogueItem[] {
  if (!plans) return [];
  const byCode = new Map(plans.map((p) => [p.price_id, p]));
  return codes.flatMap((c) => {
    const p = byCode.get(c);
    return p ? [p] : [];
  });
}

export const money = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const perWords = { month: '/month', year: '/year', once: 'one payment' } as const;

/** Columns of a row of cards: up to 4 in a row, 5 or 6 as rows of 3 (offers.module.css `.cards`). */
const columns = (n: number) => ({ '--cols': n <= 4 ? Math.max(n, 1) : n <= 6 ? 3 : 4 }) as CSSProperties;

/** Everything a page's cards need: the catalogue, and the checkout each card's button starts. */
export function PlanCards({
  codes,
  challenge,
  colored = [],
  headingLevel = 3,
  buyLabel = 'Buy now',
}: {
  codes: readonly string[];
  challenge?: number;
  /** Codes of the cards in the coloured style (§3 "colour style"). */
  colored?: readonly string[];
  headingLevel?: 2 | 3;
  buyLabel?: string;
}) {
  const { plans, error, reload } = useCatalogue(challenge);
  const [busy, setBusy] = useState<string | null>(null);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const items = pick(plans, codes);

  const buy = async (item: CatalogueItem) => {
    setBusy(item.price_id);
    setFailures({});
    try {
      await checkout({
        price_id: item.price_id,
        allow_coupons: item.allow_coupons,
        have_trial: item.trial_days > 0,
        trial_period_days: item.trial_days,
        is_subscription: item.is_subscription,
        ...(challenge !== undefined ? { challenge } : {}),
        return_path: window.location.pathname,
      });
    } catch (e) {
      setFailures({ [item.price_id]: e instanceof Error ? e.message : 'Checkout could not be started.' });
      if (e instanceof CallError && e.status === 409) reload();
      setBusy(null);
    }
  };

  if (error) {
    return (
      <p className={s.error} role="alert">
        {error}{' '}
        <button type="button" className={s.ghost} onClick={reload}>
          Try again
        </button>
      </p>
    );
  }
  if (!plans) {
    return (
      <div className={s.cards} style={columns(codes.length)} aria-busy="true" aria-label="Loading the plans">
        {codes.map((c) => (
          <div key={c} className={s.skeleton} />
        ))}
      </div>
    );
  }
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={s.cards} style={columns(items.length)}>
      {/* §4 "Buy flow": a loading toast while the checkout is requested. */}
      {busy && (
        <div className={s.toast} role="status">
          Processing....
        </div>
      )}
      {items.map((item) => {
        const closed = item.slots_left !== null && item.slots_left <= 0;
        return (
          <article
            key={item.price_id}
            className={`${s.card} ${colored.includes(item.price_id) ? s.cardColored : ''}`}
            data-testid={`plan-${item.price_id}`}
          >
            <Heading className={s.cardTitle}>{item.name}</Heading>
            <p className={s.price}>
              {money(item.price)}
              <span className={s.per}>{perWords[item.interval]}</span>
              {item.original_price !== null && (
                <s className={s.was}>
                  <span className={s.srOnly}>was </span>
                  {money(item.original_price)}
                </s>
              )}
            </p>
            {item.per_month !== null && item.saves !== null && (
              <span className={s.save}>
                {money(item.per_month)} per month, saves {money(item.saves)}
              </span>
            )}
            {item.trial_days > 0 && <span className={s.save}>{item.trial_days} days free</span>}
            <ul className={s.details}>
              {item.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
            {item.slots_left !== null && (
              <span className={s.slots} data-testid="slots-left">
                {closed ? 'No places left' : `${item.slots_left} ${item.slots_left === 1 ? 'place' : 'places'} left`}
              </span>
            )}
            <button
              type="button"
              className={s.button}
              disabled={closed || busy !== null}
              onClick={() => void buy(item)}
            >
              {closed ? 'CLOSED' : busy === item.price_id ? 'Opening checkout…' : buyLabel}
            </button>
            {failures[item.price_id] && (
              <p className={s.error} role="alert">
                {failures[item.price_id]}
              </p>
            )}
          </article>
        );
      })}
    </div>
  );
}

export function Header({ extra }: { extra?: ReactNode }) {
  return (
    <header className={`${s.wrap} ${s.header}`}>
      <a className={s.brand} href="/pay">
        DRAT
      </a>
      <nav className={s.nav} aria-label="Account">
        {extra}
        <a className={s.ghost} href="/login">
          Login
        </a>
      </nav>
    </header>
  );
}

export function Footer({ full = false }: { full?: boolean }) {
  return (
    <footer className={s.footer}>
      <div className={s.wrap}>
        <div className={s.footerLinks}>
          <a href="#disclaimer">Disclaimer &amp; privacy</a>
          {full && <a href="#terms">Terms and conditions</a>}
          <a href="#risk">Risk information</a>
          {full && (
            <a href="https://drat.example" rel="noopener noreferrer" target="_blank">
              Company site
            </a>
          )}
        </div>
        <p id="disclaimer" style={{ margin: '0 0 8px' }}>
          DRAT publishes trade ideas for education. It is not a broker or an investment adviser, and nothing here is a
          recommendation to buy or sell. Your data is used to run your account and is never sold.
        </p>
        {full && (
          <p id="terms" style={{ margin: '0 0 8px' }}>
            Plans renew until cancelled; a cancelled plan runs to the end of the period paid.
          </p>
        )}
        <p id="risk" style={{ margin: 0 }}>
          Trading stocks and options involves risk of loss, including more than the amount invested in some options
          strategies. Past results do not promise future ones.
        </p>
      </div>
    </footer>
  );
}

/** A video's place: a poster that opens the player modal (no outside network is needed to show the page). */
export function VideoPoster({ caption, onOpen }: { caption: string; onOpen: () => void }) {
  return (
    <button type="button" className={s.video} onClick={onOpen} aria-label={`Play: ${caption}`}>
      <span className={s.play} />
      <span className={s.videoCaption}>{caption}</span>
    </button>
  );
}

/** The video modal: closes by its button, a click on the backdrop, or Escape. */
export function VideoModal({ title, onClose }: { title: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const closeWith = useRef(onClose);
  useEffect(() => {
    closeWith.current = onClose;
  });
  useEffect(() => {
    // Focus moves to the close button, and back to what opened the video when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeWith.current();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, []);
  return (
    <div
      className={s.modal}
      role="dialog"
      aria-modal="true"
      aria-label={title}
      data-testid="video-modal"
      onClick={onClose}
    >
      <div className={s.modalBody} onClick={(e) => e.stopPropagation()}>
        <button ref={closeRef} type="button" className={s.close} aria-label="Close the video" onClick={onClose}>
          ×
        </button>
        <div className={s.video} style={{ cursor: 'default' }}>
          <span className={s.play} />
          <span className={s.videoCaption}>{title}</span>
        </div>
      </div>
    </div>
  );
}

/** One item open at a time; clicking the open one closes it (§2.13). */
export function Faq({ items }: { items: { q: string; a: ReactNode }[] }) {
  const [open, setOpen] = useState<number | null>(0);
  return (
    <div className={s.faq}>
      {items.map((item, i) => (
        <div key={item.q} className={s.faqItem}>
          <button
            type="button"
            className={s.faqQ}
            aria-expanded={open === i}
            aria-controls={`faq-${i}`}
            onClick={() => setOpen(open === i ? null : i)}
          >
            {item.q}
            <span aria-hidden>{open === i ? '−' : '+'}</span>
          </button>
          {open === i && (
            <div id={`faq-${i}`} className={s.faqA}>
              {item.a}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

/** A section that animates in once, the first time it is scrolled into view. */
export function Reveal({ children, className = '', id }: { children: ReactNode; className?: string; id?: string }) {
  const ref = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setShown(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          io.disconnect();
        }
      },
      { threshold: 0.12 },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return (
    <section ref={ref} id={id} className={`${s.section} ${className} ${s.reveal} ${shown ? s.revealed : ''}`}>
      {children}
    </section>
  );
}

export { s as styles };
