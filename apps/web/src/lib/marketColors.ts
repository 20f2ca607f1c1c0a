import { theme as antTheme } from 'antd';
import { useTheme } from '../app/theme';

/** Up/down colours of prices and changes, the same in every widget, chart, card and table. */

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
