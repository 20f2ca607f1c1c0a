import { theme as antTheme } from 'antd';
import { useTheme } from '../../app/theme';

/** Number formats and colours shared by the market widgets and charts. */

const price2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const price4 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const pct = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const signed2 = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** Decimals a price is shown with: sub-dollar (OTC) prices get four. */
export const priceDecimals = (value: number) => (Math.abs(value) > 0 && Math.abs(value) < 1 ? 4 : 2);

export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return (priceDecimals(value) === 4 ? price4 : price2).format(value);
}

export function formatChange(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return signed2.format(value);
}

/** `change_percentage` is in percent (1.5 means 1.5 %). */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${pct.format(value)}%`;
}

export function formatVolume(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return compact.format(value);
}

export interface MarketColors {
  up: string;
  down: string;
  flat: string;
  /** Faint fills for price flashes and volume bars. */
  upSoft: string;
  downSoft: string;
}

const LIGHT = {
  up: '#089981',
  down: '#e5364a',
  upSoft: 'rgba(8, 153, 129, 0.16)',
  downSoft: 'rgba(229, 54, 74, 0.16)',
};
const DARK = {
  up: '#2fbf8f',
  down: '#f6606e',
  upSoft: 'rgba(47, 191, 143, 0.22)',
  downSoft: 'rgba(246, 96, 110, 0.22)',
};

/** Up/down colours for the current theme (the same in every widget and chart). */
export function useMarketColors(): MarketColors {
  const theme = useTheme();
  const { token } = antTheme.useToken();
  return { ...(theme === 'dark' ? DARK : LIGHT), flat: token.colorTextSecondary };
}

export function directionColor(value: number | null | undefined, colors: MarketColors): string {
  if (!value || !Number.isFinite(value)) return colors.flat;
  return value > 0 ? colors.up : colors.down;
}
