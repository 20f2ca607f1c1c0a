import { useEffect, useState } from 'react';
import { CHALLENGE_CAPACITY, PUBLIC_OFFERS } from '@drat/contracts';
import { FreeTrialForm } from './FreeTrialForm';
import { Faq, Footer, Header, PlanCards, Reveal, styles as s, VideoModal, VideoPoster } from './parts';

/** §2.11: the pricing landing page. */
export function PricingPage() {
  const [yearly, setYearly] = useState(false);
  const [video, setVideo] = useState(false);
  return (
    <div className={s.page}>
      <div className={s.hero}>
        <Header />
        <div className={`${s.wrap} ${s.heroGrid}`}>
          <div>
            <h1 className={s.h1}>Trade alerts with the plan already made</h1>
            <p className={s.lead}>
              Buy ranges, targets and stop losses on every alert, the tools to check them, and a Smart Trader that
              follows the plan for you.
            </p>
            <div className={s.actions}>
              <a className={s.button} href="#get-started" style={{ background: '#fff', color: '#1668dc' }}>
                Get started
              </a>
              <a className={s.ghost} href="/seven-days-free-trial-offer-no-card-required">
                Try 7 days free
              </a>
            </div>
          </div>
          <VideoPoster caption="How DRAT works, in two minutes" onOpen={() => setVideo(true)} />
        </div>
      </div>
      <section className={s.section} id="get-started">
        <div className={s.wrap}>
          <h2 className={s.h2}>Choose your plan</h2>
          <p className={s.sub}>Cancel any time: a cancelled plan runs to the end of the period you paid for.</p>
          <div className={s.switchWrap}>
            <div className={s.switch} role="group" aria-label="Billing period">
              <button type="button" aria-pressed={!yearly} onClick={() => setYearly(false)}>
                Monthly
              </button>
              <button type="button" aria-pressed={yearly} onClick={() => setYearly(true)}>
                Yearly
              </button>
            </div>
          </div>
          <PlanCards
            codes={[
              ...(yearly ? PUBLIC_OFFERS.pricingYearly : PUBLIC_OFFERS.pricingMonthly),
              ...PUBLIC_OFFERS.pricingOnce,
            ]}
            colored={['elite-monthly', 'elite-yearly', 'lifetime']}
          />
        </div>
      </section>
      <Footer />
      {video && <VideoModal title="How DRAT works" onClose={() => setVideo(false)} />}
    </div>
  );
}

function OfferPage({
  title,
  lead,
  codes,
  colored = [],
}: {
  title: string;
  lead: string;
  codes: readonly string[];
  colored?: readonly string[];
}) {
  return (
    <div className={s.page}>
      <div className={s.hero}>
        <Header />
        <div className={s.wrap} style={{ paddingTop: 24 }}>
          <h1 className={s.h1}>{title}</h1>
          <p className={s.lead}>{lead}</p>
        </div>
      </div>
      <section className={s.section}>
        <div className={s.wrap}>
          <PlanCards codes={codes} colored={colored} />
        </div>
      </section>
      <Footer />
    </div>
  );
}

/** §2.12: lifetime access, with its places counter. */
export const LifetimePage = () => (
  <OfferPage
    title="Lifetime access to DRAT"
    lead="Everything in Elite, for life, for the first traders only: the counter shows the places left."
    codes={PUBLIC_OFFERS.lifetime}
    colored={PUBLIC_OFFERS.lifetime}
  />
);

/** §2.12: the special offer, stocks and options. */
export const SpecialOfferPage = () => (
  <OfferPage
    title="Special offer: Stocks or Options"
    lead="Every alert of the market you trade, with the research tools, at a special monthly price."
    codes={PUBLIC_OFFERS.special}
  />
);

/** §2.12: 25% off four plans, 14 days free (reached by its token link). */
export const Offer25Page = () => (
  <OfferPage
    title="25% off, and 14 days free"
    lead="Start free for 14 days, then pay a quarter less for as long as you keep the plan."
    codes={PUBLIC_OFFERS.offer25}
    colored={['offer25-elite']}
  />
);

/** §2.12: the Smart Trader only, 14 days free. */
export const SmartTraderTrialPage = () => (
  <OfferPage
    title="The Smart Trader, 14 days free"
    lead="Two buy ranges, two targets, a stop loss and trailing profit, placed and watched for you on your brokerage account."
    codes={PUBLIC_OFFERS.smartTraderTrial}
    colored={PUBLIC_OFFERS.smartTraderTrial}
  />
);

const TAGLINES = [
  'Buy ranges on every alert.',
  'Targets and stop losses set for you.',
  'Know how every alert played out.',
];

/** Types each tagline out, then the next (shown whole, one after another, when motion is reduced). */
function TypedTagline() {
  const [reduce] = useState(() => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
  const [n, setN] = useState(0);
  const [chars, setChars] = useState(0);
  const text = TAGLINES[n % TAGLINES.length]!;
  useEffect(() => {
    const typing = !reduce && chars < text.length;
    const t = setTimeout(
      () => {
        if (typing) return setChars((c) => c + 1);
        setChars(0);
        setN((v) => v + 1);
      },
      typing ? 45 : reduce ? 3000 : 1800,
    );
    return () => clearTimeout(t);
  }, [chars, text, reduce]);
  return (
    <p className={s.tagline} aria-live="off">
      {reduce ? text : text.slice(0, chars)}
      <span aria-hidden>|</span>
    </p>
  );
}

const SLIDES = [
  { title: 'Alerts', text: 'Stocks, options and OTC, each with its plan.', bg: '#1668dc' },
  { title: 'Completed alerts', text: 'Every alert’s outcome and the win rate.', bg: '#0f7b6c' },
  { title: 'Dione', text: 'Buy ranges and targets for any ticker.', bg: '#6b3fd4' },
  { title: 'Range Radar', text: 'The day’s ranges across the market.', bg: '#b4531f' },
];

/**
 * The free-trial page's carousel: one slide at a time, turning every 5 s (not when motion is
 * reduced, nor while the pointer or focus is on it), with previous/next buttons and a dot per slide.
 */
function Carousel() {
  const [at, setAt] = useState(0);
  const [paused, setPaused] = useState(() => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
  const [reduced] = useState(paused);
  useEffect(() => {
    if (paused) return;
    const t = setTimeout(() => setAt((i) => (i + 1) % SLIDES.length), 5000);
    return () => clearTimeout(t);
  }, [at, paused]);
  const go = (i: number) => setAt((i + SLIDES.length) % SLIDES.length);
  const hold = (on: boolean) => !reduced && setPaused(on);
  return (
    <div
      className={s.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label="What the trial includes"
      data-testid="carousel"
      onMouseEnter={() => hold(true)}
      onMouseLeave={() => hold(false)}
      onFocus={() => hold(true)}
      onBlur={() => hold(false)}
    >
      <div className={s.carouselViewport}>
        <div
          className={s.carouselTrack}
          style={{ transform: `translateX(-${at * 100}%)` }}
          aria-live={paused ? 'polite' : 'off'}
        >
          {SLIDES.map((slide, i) => (
            <div
              key={slide.title}
              className={s.slide}
              style={{ background: slide.bg }}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${SLIDES.length}: ${slide.title}`}
              aria-hidden={i !== at}
              inert={i !== at}
            >
              <div>
                <h3 className={s.slideTitle}>{slide.title}</h3>
                <p className={s.slideText}>{slide.text}</p>
              </div>
              <div className={s.slideScreen} aria-hidden>
                <span />
                <span />
                <span />
                <span />
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className={s.carouselControls}>
        <button type="button" className={s.carouselArrow} aria-label="Previous slide" onClick={() => go(at - 1)}>
          ‹
        </button>
        {SLIDES.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            className={s.dot}
            aria-label={`Show slide ${i + 1}: ${slide.title}`}
            aria-current={i === at}
            onClick={() => go(i)}
          />
        ))}
        <button type="button" className={s.carouselArrow} aria-label="Next slide" onClick={() => go(at + 1)}>
          ›
        </button>
      </div>
    </div>
  );
}

/** §2.12: the 7-day free trial, no card. */
export function FreeTrialPage() {
  const [video, setVideo] = useState(false);
  return (
    <div className={s.page}>
      <div className={s.hero}>
        <Header />
        <div className={`${s.wrap} ${s.heroGrid}`}>
          <div>
            <h1 className={s.h1}>7 days of DRAT, free. No card required.</h1>
            <TypedTagline />
            <p className={s.lead}>Alerts, completed alerts and the research tools for a week. Nothing to cancel.</p>
            <a className={s.button} href="#payment" style={{ background: '#fff', color: '#1668dc' }}>
              Start my free trial
            </a>
          </div>
          <VideoPoster caption="A week with DRAT" onOpen={() => setVideo(true)} />
        </div>
      </div>
      <section className={`${s.section} ${s.soft}`}>
        <div className={s.wrap}>
          <h2 className={s.h2}>What you get</h2>
          <Carousel />
        </div>
      </section>
      <section className={s.section} id="payment">
        <div className={s.wrap}>
          <h2 className={s.h2}>Start your free trial</h2>
          <p className={s.sub}>We e-mail you a link to set your password. No card, nothing to cancel.</p>
          <FreeTrialForm />
        </div>
      </section>
      <Footer />
      {video && <VideoModal title="A week with DRAT" onClose={() => setVideo(false)} />}
    </div>
  );
}

/** §2.12: the marketing page. */
export function MarketingPage() {
  const [video, setVideo] = useState(false);
  return (
    <div className={s.page}>
      <div className={s.hero}>
        <Header
          extra={
            <a className={s.link} href="mailto:support@drat.local">
              Contact Us
            </a>
          }
        />
        <div className={`${s.wrap} ${s.heroGrid}`}>
          <div>
            <h1 className={s.h1}>How It Works</h1>
            <ul className={s.bullets}>
              <li>Trade the challenge’s alerts with a funded-size account plan.</li>
              <li>Every alert comes with its buy range, targets and stop loss.</li>
              <li>The Smart Trader can place and watch the trades for you.</li>
              <li>Follow every alert and do not profit: your money back.</li>
            </ul>
            <a className={s.button} href="/pay-trade-challenges" style={{ background: '#fff', color: '#1668dc' }}>
              See the challenge
            </a>
          </div>
          <VideoPoster caption="The trade challenge" onOpen={() => setVideo(true)} />
        </div>
      </div>
      <Reveal>
        <div className={s.wrap}>
          <h2 className={s.h2}>Everything in one place</h2>
          <div className={s.features}>
            {[
              ['Trade alerts', 'Stocks, options and OTC, with buy ranges, targets and stop losses.'],
              ['Triggers and trackers', 'Know the moment an alert reaches its range or target.'],
              ['Research tools', 'Dione, Ask DRAT and Range Radar for any ticker.'],
              ['Smart trades', 'IF/AND conditions, two targets and trailing profit, on demo or live.'],
            ].map(([h, p]) => (
              <div key={h} className={s.feature}>
                <h3>{h}</h3>
                <p>{p}</p>
              </div>
            ))}
          </div>
        </div>
      </Reveal>
      <Footer full />
      {video && <VideoModal title="The trade challenge" onClose={() => setVideo(false)} />}
    </div>
  );
}

const FAQ = [
  {
    q: 'What will I know by the end?',
    a: 'How to read an alert’s plan, size a position to its stop, take profits in two steps and let a trailing stop keep the gains: on real trades, over 90 to 120 trading days.',
  },
  {
    q: 'Why does it work?',
    a: 'Every trade has its exit decided before it is entered. The Smart Trader follows the plan, so emotion does not change it.',
  },
  {
    q: 'What is the money-back guarantee?',
    a: (
      <>
        Follow every challenge alert as published and finish without a profit, and we refund the challenge. See the
        recent challenge’s results in its{' '}
        <a href="#pnl" id="pnl">
          profit-and-loss spreadsheet
        </a>
        .
      </>
    ),
  },
];

/** §2.13: the trade-challenge sales pages (challenge 1 on /pay-trade-challenges, 2 by default on the other). */
export function ChallengePage({ challenge, second }: { challenge: number; second: boolean }) {
  const [video, setVideo] = useState(false);
  const toCards = () => document.getElementById('pricing')?.scrollIntoView({ behavior: 'smooth' });
  return (
    <div className={s.page}>
      <div className={s.hero}>
        <Header />
        <div className={`${s.wrap} ${s.heroGrid}`}>
          <div>
            <h1 className={s.h1}>
              {second ? 'Double your account in 90-120 trading days' : `DRAT Trading Challenge #${challenge}`}
            </h1>
            <p className={s.lead}>
              {second
                ? 'A plan for every trade, a coach for every week, and 25 traders who start together.'
                : 'Trade our alerts with a clear plan for 90 to 120 trading days, with live webinars and the Smart Trader.'}
            </p>
            <div className={s.actions}>
              <button
                type="button"
                className={s.button}
                onClick={toCards}
                style={{ background: '#fff', color: '#1668dc' }}
              >
                {second ? 'Are you In?' : 'Register for Trading Challenge'}
              </button>
              {!second && (
                <button type="button" className={s.ghost} onClick={() => setVideo(true)}>
                  Demo Trading
                </button>
              )}
            </div>
          </div>
          <VideoPoster caption="Demo Trading" onOpen={() => setVideo(true)} />
        </div>
      </div>
      {second ? (
        <Reveal>
          <div className={s.wrap}>
            <h2 className={s.h2}>The opportunity</h2>
            <p className={s.sub}>
              Compounding a plan that risks little per trade: a year to 25K or 50K, three years to 100K or 200K,
              depending on the tier. Four live webinars per plan, and the Smart Trader at half price.
            </p>
          </div>
        </Reveal>
      ) : (
        <>
          <Reveal className={s.soft}>
            <div className={`${s.wrap} ${s.center}`}>
              <h2 className={s.h2}>The prize</h2>
              <p className={s.sub}>
                The best trader of the challenge wins a funded account of their tier, and every finisher keeps the Smart
                Trader at 50% off.
              </p>
            </div>
          </Reveal>
          <Reveal>
            <div className={`${s.wrap} ${s.center}`}>
              <h2 className={s.h2}>Only {CHALLENGE_CAPACITY} Traders Per Challenge</h2>
              <p className={s.sub}>
                Small enough for every question to be answered in the live webinars. When the places are gone, the
                challenge is closed.
              </p>
            </div>
          </Reveal>
          <Reveal className={s.soft}>
            <div className={`${s.wrap} ${s.center}`}>
              <h2 className={s.h2}>Our guarantee</h2>
              <p className={s.sub}>Follow every alert as published and do not profit: we refund your challenge.</p>
            </div>
          </Reveal>
        </>
      )}
      <Reveal>
        <div className={s.wrap}>
          <h2 className={s.h2}>Questions</h2>
          <Faq items={FAQ} />
        </div>
      </Reveal>
      <Reveal id="pricing" className={s.soft}>
        <div className={s.wrap}>
          <h2 className={s.h2}>Choose your challenge</h2>
          <p className={s.sub}>One payment. The places left are live.</p>
          <PlanCards codes={PUBLIC_OFFERS.challenges} challenge={challenge} buyLabel="Join the challenge" />
        </div>
      </Reveal>
      <Footer full />
      {video && <VideoModal title="Demo Trading" onClose={() => setVideo(false)} />}
    </div>
  );
}

export function NotFound() {
  return (
    <div className={s.page}>
      <Header />
      <main className={`${s.wrap} ${s.section} ${s.center}`}>
        <h1 className={s.h2}>This page does not exist</h1>
        <p className={s.sub}>
          See the <a href="/pay">plans</a>, or <a href="/login">sign in</a>.
        </p>
      </main>
    </div>
  );
}
