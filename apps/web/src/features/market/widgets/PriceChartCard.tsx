import { useId, useState, type ChangeEvent } from 'react';
import { Card, Grid, Input } from 'antd';
import useApp from 'antd/es/app/useApp';
import { LoadingOutlined, SearchOutlined } from '@ant-design/icons';
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

/**
 * The dashboard's price chart with a ticker box. The suggestions are the browser's own list under
 * the box (a datalist: matched on the symbol and the name as one types, with the keyboard and
 * screen readers a combobox has); picking one shows it, and Enter shows any ticker typed, once the
 * market knows it.
 */
export function PriceChartCard({ ticker, onTicker, suggestions }: Props) {
  const screens = Grid.useBreakpoint();
  const card = useCompactCards();
  const { message } = useApp();
  const lookUpPrice = usePriceLookup();
  const listId = useId();
  const [search, setSearch] = useState('');
  const [checking, setChecking] = useState(false);

  const choose = async (value: string) => {
    const symbol = value.trim().toUpperCase();
    if (!symbol) return;
    if (!TICKER_PATTERN.test(symbol)) return void message.error(MARKET_MSG.tickerInvalid);
    setSearch('');
    if (symbol === ticker) return;
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

  const typed = (e: ChangeEvent<HTMLInputElement>) => {
    const { value } = e.target;
    setSearch(value);
    // A suggestion picked from the list replaces the text at once (Chromium and Firefox name it
    // so); where the browser does not say, a value that is a whole suggestion is taken as picked.
    const how = (e.nativeEvent as InputEvent).inputType;
    const suggested = suggestions.some((s) => s.symbol === value);
    if (how === 'insertReplacementText' || (how === undefined && suggested)) void choose(value);
  };

  return (
    <Card
      size={card.size}
      title="Price chart"
      extra={
        <>
          <Input
            aria-label="Ticker"
            list={listId}
            value={search}
            onChange={typed}
            onPressEnter={() => void choose(search)}
            placeholder={ticker}
            autoComplete="off"
            spellCheck={false}
            readOnly={checking}
            suffix={checking ? <LoadingOutlined /> : <SearchOutlined aria-hidden />}
            style={{ width: screens.sm ? 150 : 116 }}
          />
          <datalist id={listId}>
            {suggestions.map((s) => (
              <option key={s.symbol} value={s.symbol} label={s.name} />
            ))}
          </datalist>
        </>
      }
      styles={{ body: { padding: card.padding, paddingTop: 12, flex: 1, display: 'flex', flexDirection: 'column' } }}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <TickerChart ticker={ticker} height={screens.xl ? 'fill' : screens.md ? 400 : 300} minHeight={380} />
    </Card>
  );
}
