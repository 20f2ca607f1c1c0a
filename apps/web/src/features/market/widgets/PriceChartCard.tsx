import { useMemo, useState } from 'react';
import { Card, Grid, Select, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import { MARKET_MSG, TICKER_PATTERN, UNKNOWN_PRICE } from '@drat/contracts';
import { TickerChart } from '../TickerChart';
import { usePriceLookup } from '../queries';
import { useCompactCards } from './cardSize';

export interface TickerSuggestion {
  symbol: string;
  name: string;
}

interface Props {
  ticker: string;
  onTicker: (symbol: string) => void;
  /** Tickers offered in the picker (overview and hotlists); any other ticker can be typed. */
  suggestions: TickerSuggestion[];
}

/** The dashboard's price chart with a ticker picker. */
export function PriceChartCard({ ticker, onTicker, suggestions }: Props) {
  const screens = Grid.useBreakpoint();
  const card = useCompactCards();
  const { message } = useApp();
  const lookUpPrice = usePriceLookup();
  const [search, setSearch] = useState('');
  const [checking, setChecking] = useState(false);

  const typed = search.trim().toUpperCase();
  const options = useMemo(() => {
    const matches = suggestions.filter(
      (s) => !typed || s.symbol.startsWith(typed) || s.name.toUpperCase().includes(typed),
    );
    const list = matches.slice(0, 30).map((s) => ({
      value: s.symbol,
      label: (
        <span>
          <strong>{s.symbol}</strong>{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.name}
          </Typography.Text>
        </span>
      ),
    }));
    if (typed && TICKER_PATTERN.test(typed) && !suggestions.some((s) => s.symbol === typed))
      list.unshift({
        value: typed,
        label: (
          <span>
            Show <strong>{typed}</strong>
          </span>
        ),
      });
    return list;
  }, [suggestions, typed]);

  const choose = async (value: string) => {
    const symbol = value.trim().toUpperCase();
    setSearch('');
    if (!symbol || symbol === ticker) return;
    if (suggestions.some((s) => s.symbol === symbol)) return onTicker(symbol);
    setChecking(true);
    try {
      const price = await lookUpPrice(symbol);
      if (price.LivePrice === UNKNOWN_PRICE) message.error(MARKET_MSG.unknownTicker(symbol));
      else onTicker(symbol);
    } catch {
      message.error(`${symbol} could not be looked up. Try again.`);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card
      size={card.size}
      title="Price chart"
      extra={
        <Select
          aria-label="Ticker"
          value={ticker}
          options={options}
          loading={checking}
          onChange={(v: string) => void choose(v)}
          showSearch={{ searchValue: search, onSearch: setSearch, filterOption: false }}
          popupMatchSelectWidth={240}
          labelRender={(p) => <strong>{String(p.value)}</strong>}
          style={{ width: screens.sm ? 150 : 116 }}
          placeholder="Ticker"
          notFoundContent="Type a ticker"
        />
      }
      styles={{ body: { padding: card.padding, paddingTop: 12, flex: 1, display: 'flex', flexDirection: 'column' } }}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <TickerChart ticker={ticker} height={screens.xl ? 'fill' : screens.md ? 400 : 300} minHeight={380} />
    </Card>
  );
}
