import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { AlertDto, AlertLiveDto, Quote } from '@drat/contracts';
import { completionText, formatPercent2, formatSignedMoney, isLosingResult, optionLegs } from '../format';
import { formatDate, money, moneyRange } from '../../../lib/format';

/** A column of the completed-alerts tables: `value` is what the export writes, `render` what the page shows. */
export interface CompletedColumn<T> {
  key: string;
  title: string;
  value: (row: T) => string | number;
  render?: (row: T) => ReactNode;
}

export interface Colors {
  up: string;
  down: string;
}

const signed = (v: number | null, text: string, c: Colors) => (
  <span style={{ color: v === null ? undefined : v > 0 ? c.up : c.down }}>{text}</span>
);

const symbol: CompletedColumn<AlertDto> = {
  key: 'symbol',
  title: 'Symbol',
  value: (a) => a.ticker,
  render: (a) => <Typography.Text strong>{a.ticker}</Typography.Text>,
};
const alertDate: CompletedColumn<AlertDto> = {
  key: 'alert_date',
  title: 'Alert Date',
  value: (a) => formatDate(a.created),
};
const alertPrice: CompletedColumn<AlertDto> = {
  key: 'alert_price',
  title: 'Alert Price',
  value: (a) => money(a.alert_price, a.category),
};
const ranges: CompletedColumn<AlertDto>[] = [
  { key: 'buy_range', title: 'Buy range', value: (a) => moneyRange(a.buy_range_low, a.buy_range_high, a.category) },
  { key: 'stop_loss', title: 'Stop Loss', value: (a) => money(a.stop_loss, a.category) },
  {
    key: 'target_range',
    title: 'Target Range',
    value: (a) => moneyRange(a.target_range_low, a.target_range_high, a.category),
  },
];
const optionOnly: CompletedColumn<AlertDto>[] = [
  { key: 'strategy', title: 'Strategy', value: (a) => a.strategy ?? '—' },
  { key: 'expiration', title: 'Expiration', value: (a) => optionLegs(a).expiration },
  { key: 'strike', title: 'Strike', value: (a) => optionLegs(a).strike },
];

function outcome(c: Colors): CompletedColumn<AlertDto>[] {
  return [
    { key: 'exit_price', title: 'Exit Price', value: (a) => money(a.exit_price ?? a.half_exit_price, a.category) },
    {
      key: 'pl_dollar',
      title: 'P/L $',
      value: (a) => formatSignedMoney(a.p_l_dollar, a.category),
      render: (a) => signed(a.p_l_dollar, formatSignedMoney(a.p_l_dollar, a.category), c),
    },
    {
      key: 'pl_percent',
      title: 'P/L %',
      value: (a) => formatPercent2(a.p_l_percent),
      render: (a) => signed(a.p_l_percent, formatPercent2(a.p_l_percent), c),
    },
    { key: 'trigger_date', title: 'Trigger Date', value: (a) => formatDate(a.last_trigger_date) },
    {
      key: 'result',
      title: 'Result',
      value: (a) => a.completed_status,
      // 1-core §4: red when the status holds STOP, green otherwise (an expiry by its P/L).
      render: (a) => (
        <span style={{ color: isLosingResult(a) ? c.down : c.up, fontWeight: 600 }}>{a.completed_status}</span>
      ),
    },
  ];
}

/** 1-core §2: the Options table, and the generic one (the same without Strategy, Expiration, Strike). */
export function completedColumns(options: boolean, c: Colors): CompletedColumn<AlertDto>[] {
  return [symbol, alertDate, alertPrice, ...(options ? optionOnly : []), ...ranges, ...outcome(c)];
}

/** The status text of 1-core §4, green when the performance is positive and red otherwise. */
export function statusColumn(c: Colors): CompletedColumn<AlertDto> {
  return {
    key: 'alert_status',
    title: 'Alert Status',
    value: (a) => completionText(a).text,
    render: (a) => {
      const { text, positive } = completionText(a);
      return (
        <span style={{ color: positive === null ? undefined : positive ? c.up : c.down, fontSize: 12 }}>{text}</span>
      );
    },
  };
}

/** The STOCKS 'live price' table: the alert against the market now. Quotes override the server's price. */
export function livePriceColumns(c: Colors, quotes: Record<string, Quote>): CompletedColumn<AlertLiveDto>[] {
  const live = (a: AlertLiveDto) => quotes[a.ticker.toUpperCase()]?.last ?? a.live_price;
  const pl = (a: AlertLiveDto) => {
    const price = live(a);
    return price === null || !a.alert_price ? null : ((price - a.alert_price) / a.alert_price) * 100;
  };
  return [
    symbol,
    alertDate,
    alertPrice,
    ...ranges,
    { key: 'live_price', title: 'Live Price', value: (a) => money(live(a), a.category) },
    {
      key: 'live_pl',
      title: 'P/L',
      value: (a) => formatPercent2(pl(a)),
      render: (a) => signed(pl(a), formatPercent2(pl(a)), c),
    },
    statusColumn(c),
  ];
}
