import { useState } from 'react';
import type { TradeIdeasHistoryEntryDto } from '@drat/contracts';
import { formatDate, formatPrice } from '../../../lib/format';
import { RecentSearches } from '../RecentSearches';
import { ToolLayout } from '../ToolLayout';
import { useClearTradeIdeasHistory, useTradeIdeasHistory, useTradeIdeasSearch } from '../queries';
import { RangeRadarCards } from './RangeRadarCards';

interface Props {
  ticker: string;
  onTicker: (value: string) => void;
}

const levelCount = (e: TradeIdeasHistoryEntryDto) =>
  e.data.reduce((n, t) => n + t.supports.length + t.resistances.length, 0);

/** The Range Radar tab (1-core §2 Tools): supports and resistances, and 'Recent Trade Ideas Searches'. */
export function RangeRadarTab({ ticker, onTicker }: Props) {
  const [shown, setShown] = useState<TradeIdeasHistoryEntryDto | null>(null);
  const history = useTradeIdeasHistory();
  const search = useTradeIdeasSearch();
  const clear = useClearTradeIdeasHistory();
  const entries = history.data ?? [];

  const onSearch = (symbol: string) =>
    search.mutate(symbol, { onSuccess: (reply) => setShown(reply.new_trade_ideas_history_entry) });
  const onSelect = (id: number) => {
    const entry = entries.find((e) => e.id === id);
    if (entry) setShown(entry);
  };

  return (
    <ToolLayout
      search={{
        label: 'Range Radar ticker',
        hint: 'Short and long term supports and resistances. Each search uses one Trade Ideas credit.',
        value: ticker,
        onChange: onTicker,
        onSearch,
      }}
      pending={search.isPending}
      pendingText="Scanning…"
      result={shown && <RangeRadarCards ticker={shown.ticker} queriedAt={shown.date_queried} terms={shown.data} />}
      emptyText="Search a ticker to see its supports and resistances."
      aside={
        <RecentSearches
          title="Recent Trade Ideas Searches"
          loading={history.isLoading}
          items={entries.map((e) => ({
            id: e.id,
            ticker: e.ticker,
            sub: `$${formatPrice(e.price)}`,
            side: (
              <>
                <span>{formatDate(e.date_queried)}</span>
                <span>{levelCount(e)} levels</span>
              </>
            ),
          }))}
          activeId={shown?.id ?? null}
          onSelect={onSelect}
          onClear={() => clear.mutate(undefined, { onSuccess: () => setShown(null) })}
          clearing={clear.isPending}
        />
      }
    />
  );
}
