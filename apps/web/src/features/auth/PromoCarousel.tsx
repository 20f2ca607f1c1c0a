import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import {
  BellOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  RadarChartOutlined,
  RiseOutlined,
  RobotOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useTheme } from '../../app/theme';
import styles from './auth.module.css';

/** The three promo slides of the login screen: one heading, three stories (1-core §2 "Login screen"). */
export const PROMO_HEADING = 'Trade smarter with DRAT';

/** Each slide shows this long; the active dot fills meanwhile. */
const AUTOPLAY_MS = 6000;

interface Slide {
  key: string;
  sub: string;
  light: string;
  dark: string;
  art: ReactNode;
}

const SLIDES: Slide[] = [
  {
    key: 'alerts',
    sub: 'Real-time trade alerts with buy ranges, targets and stop losses, sent to your inbox and phone the moment they fire.',
    light: 'linear-gradient(135deg, #1668dc 0%, #2f54eb 55%, #531dab 100%)',
    dark: 'linear-gradient(135deg, #0d3c8a 0%, #1d2f8f 55%, #35127a 100%)',
    art: <AlertsArt />,
  },
  {
    key: 'tools',
    sub: 'Research tools that turn filings, price action and ranges into clear answers: Dione, Ask DRAT and Range Radar.',
    light: 'linear-gradient(135deg, #08979c 0%, #1677ff 60%, #2f54eb 100%)',
    dark: 'linear-gradient(135deg, #06585c 0%, #0d4aa6 60%, #1d2f8f 100%)',
    art: <ToolsArt />,
  },
  {
    key: 'smart-trades',
    sub: 'Smart trades and bots follow your plan: buy ranges, targets, trailing profit and stop losses, placed for you.',
    light: 'linear-gradient(135deg, #722ed1 0%, #2f54eb 55%, #1677ff 100%)',
    dark: 'linear-gradient(135deg, #3e1a80 0%, #1d2f8f 55%, #0d4aa6 100%)',
    art: <SmartTradesArt />,
  },
];

/**
 * The slides fade into one another every AUTOPLAY_MS (paused while the pointer is over them); the
 * dots below them choose one. It looks and moves as antd's Carousel did (`effect="fade"`, autoplay
 * with `dotDuration`), in a few lines instead of a slider library.
 */
export function PromoCarousel() {
  const dark = useTheme() === 'dark';
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => setCurrent((i) => (i + 1) % SLIDES.length), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [current, paused]);

  return (
    <div
      className={styles.carousel}
      role="group"
      aria-roledescription="carousel"
      aria-label="What DRAT offers"
      style={{ '--dot-duration': `${AUTOPLAY_MS}ms` } as CSSProperties}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {SLIDES.map((slide, i) => (
        <section
          key={slide.key}
          className={`${styles.slide} ${i === current ? styles.slideActive : ''}`}
          style={{ background: dark ? slide.dark : slide.light }}
          data-slide={slide.key}
          aria-hidden={i !== current}
        >
          <div className={styles.slideGrid} />
          <div className={styles.slideTop}>
            <LightMark />
            DRAT
          </div>
          <div className={styles.slideArt} aria-hidden="true">
            {slide.art}
          </div>
          <div className={styles.slideText}>
            <h2 className={styles.slideHeading}>{PROMO_HEADING}</h2>
            <p className={styles.slideSub}>{slide.sub}</p>
          </div>
        </section>
      ))}
      <ul className={styles.dots}>
        {SLIDES.map((slide, i) => (
          <li key={slide.key} className={i === current ? styles.dotActive : undefined}>
            <button type="button" onClick={() => setCurrent(i)}>
              {i + 1}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The DRAT mark reversed (white tile), readable on the coloured slides. */
function LightMark() {
  return (
    <svg width={28} height={28} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#fff" />
      <path
        d="M14 44 L26 30 L34 38 L50 20"
        stroke="#1668dc"
        strokeWidth="6"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function AlertsArt() {
  const rows = [
    { icon: <BellOutlined />, ticker: 'NVDA · Options', line: 'Buy range 118.40 – 120.10', pill: 'New' },
    { icon: <RiseOutlined />, ticker: 'AAPL · Stocks', line: 'Target 1 reached at 231.50', pill: '+8.4%' },
    { icon: <ThunderboltOutlined />, ticker: 'TSLA · Challenge', line: 'Stop loss moved to 242.00', pill: 'Update' },
  ];
  return (
    <div className={styles.alertStack}>
      {rows.map((r) => (
        <div key={r.ticker} className={`${styles.glass} ${styles.alertCard}`}>
          <span className={styles.alertIcon}>{r.icon}</span>
          <span>
            <div className={styles.alertTicker}>{r.ticker}</div>
            <div className={styles.alertLine}>{r.line}</div>
          </span>
          <span className={styles.pill}>{r.pill}</span>
        </div>
      ))}
    </div>
  );
}

/** A price line with a highlighted range, drawn as inline SVG (no images: the CSP allows none). */
function ToolsArt() {
  const points = [62, 58, 64, 55, 49, 52, 44, 47, 38, 41, 33, 36, 28, 31, 22, 26, 18];
  const step = 400 / (points.length - 1);
  const line = points.map((y, i) => `${(i * step).toFixed(1)},${y * 2}`).join(' ');
  return (
    <div className={`${styles.glass} ${styles.chartCard}`}>
      <div className={styles.chartHead}>
        <span>
          <div className={styles.alertTicker}>MSFT · Range Radar</div>
          <div className={styles.alertLine}>Support 402 · Resistance 436</div>
        </span>
        <span className={styles.chartPrice}>428.16</span>
      </div>
      <svg viewBox="0 0 400 150" width="100%" height="150" role="presentation">
        <defs>
          <linearGradient id="drat-promo-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="#fff" stopOpacity="0.45" />
            <stop offset="100%" stopColor="#fff" stopOpacity="0" />
          </linearGradient>
        </defs>
        <rect x="0" y="40" width="400" height="46" fill="#fff" opacity="0.1" rx="6" />
        <line x1="0" x2="400" y1="40" y2="40" stroke="#fff" strokeOpacity="0.5" strokeDasharray="4 6" />
        <line x1="0" x2="400" y1="86" y2="86" stroke="#fff" strokeOpacity="0.5" strokeDasharray="4 6" />
        <polygon points={`0,150 ${line} 400,150`} fill="url(#drat-promo-fill)" />
        <polyline
          points={line}
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        <circle cx="400" cy={(points.at(-1) ?? 0) * 2} r="5" fill="#fff" />
      </svg>
      <div className={styles.toolRow}>
        <span className={styles.toolChip}>
          <ExperimentOutlined /> Dione
        </span>
        <span className={styles.toolChip}>
          <FileSearchOutlined /> Filings
        </span>
        <span className={styles.toolChip}>
          <RadarChartOutlined /> Range Radar
        </span>
      </div>
    </div>
  );
}

function SmartTradesArt() {
  const steps = [
    { label: 'Buy range filled', detail: '200 shares at 54.20', done: 100 },
    { label: 'Target 1 hit', detail: 'Half sold at 58.90', done: 100 },
    { label: 'Trailing profit', detail: 'Following the price up', done: 62 },
  ];
  return (
    <div className={styles.flow}>
      <div className={`${styles.glass} ${styles.flowStep}`}>
        <span className={styles.alertIcon}>
          <RobotOutlined />
        </span>
        <span>
          <div className={styles.alertTicker}>AMD · Smart trade</div>
          <div className={styles.alertLine}>Running your plan</div>
        </span>
        <span className={styles.pill}>Live</span>
      </div>
      {steps.map((s, i) => (
        <div key={s.label} className={`${styles.glass} ${styles.flowStep}`}>
          <span className={styles.flowDot}>{i + 1}</span>
          <span>
            <div className={styles.alertTicker}>{s.label}</div>
            <div className={styles.alertLine}>{s.detail}</div>
          </span>
          <span className={styles.flowBar}>
            <span style={{ width: `${s.done}%` }} />
          </span>
        </div>
      ))}
    </div>
  );
}
