import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
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
  /** Tickers offered in the ticker box's list (overview and hotlists); any other ticker can be typed. */
  suggestions: TickerSuggestion[];
}

/**
 * The dashboard's price chart with a ticker box. The suggestions are the browser's own list under
 * the box (a datalist, which the browser filters as one types and offers to the keyboard and
 * screen readers as a combobox's list); picking one shows it, and Enter (or the search icon) shows
 * any ticker typed once the market knows it. The text stays in the box until a ticker is shown, so
 * a refused one can be corrected; the last choice wins over a look-up still under way.
 */
export function PriceChartCard({ ticker, onTicker, suggestions }: Props) {
  const screens = Grid.useBreakpoint();
  const card = useCompactCards();
  const { message } = useApp();
  const lookUpPrice = usePriceLookup();
  const listId = useId();
  const [search, setSearch] = useState('');
  const [checking, setChecking] = useState(false);
  // Each choice's number, and the ticker shown now: a look-up's answer shows its ticker only if no
  // choice came after it and no other ticker was shown meanwhile (a hotlist row clicked).
  const latest = useRef(0);
  const shown = useRef(ticker);
  useEffect(() => {
    shown.current = ticker;
  }, [ticker]);

  const show = (symbol: string) => {
    setSearch('');
    if (symbol !== ticker) onTicker(symbol);
  };
  const choose = async (value: string) => {
    const symbol = value.trim().toUpperCase();
    if (!symbol) return;
    const choice = ++latest.current;
    setChecking(false);
    if (!TICKER_PATTERN.test(symbol)) return void message.error(MARKET_MSG.tickerInvalid);
    if (symbol === ticker || suggestions.some((s) => s.symbol === symbol)) return show(symbol);
    const from = shown.current;
    const stillWanted = () => choice === latest.current && shown.current === from;
    setChecking(true);
    try {
      const price = await lookUpPrice(symbol);
      if (!stillWanted()) return;
      if (price.LivePrice === UNKNOWN_PRICE) message.error(MARKET_MSG.unknownTicker(symbol));
      else show(symbol);
    } catch {
      if (stillWanted()) message.error(MARKET_MSG.tickerLookupFailed(symbol));
    } finally {
      if (choice === latest.current) setChecking(false);
    }
  };

  const typed = (e: ChangeEvent<HTMLInputElement>) => {
    const { value } = e.target;
    setSearch(value);
    // A pick from the list replaces the text in one go: some browsers name that input
    // insertReplacementText, others send an input event with no inputType. Typing always has one
    // (insertText, deleteContentBackward…), so a typed whole symbol waits for Enter.
    const how = (e.nativeEvent as Partial<InputEvent>).inputType;
    if (how === 'insertReplacementText' || (!how && suggestions.some((s) => s.symbol === value))) void choose(value);
  };

  return (
    <Card
      size={card.size}
      title="Price chart"
      extra={
        <>
          <Input
            aria-label="Ticker"
            aria-busy={checking}
            list={listId}
            value={search}
            onChange={typed}
            onPressEnter={(e) => void choose(e.currentTarget.value)}
            placeholder={ticker}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            readOnly={checking}
            suffix={
              checking ? (
                <LoadingOutlined />
              ) : (
                <SearchOutlined aria-hidden onClick={() => void choose(search)} style={{ cursor: 'pointer' }} />
              )
            }
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
