import { useState } from 'react';
import { Rate } from 'antd';
import type { DioneResultDto, DioneType } from '@drat/contracts';
import { formatDate, formatPrice } from '../../../lib/format';
import { RecentSearches } from '../RecentSearches';
import { ToolLayout } from '../ToolLayout';
import { markTracked, useClearDioneHistory, useDioneHistory, useDioneSearch, useTrackDione } from '../queries';
import { DioneResultCards } from './DioneResultCards';
import { can } from '../../../app/access';
import { useSession } from '../../../app/session';
import { TradeDrawer, type DioneLevels } from '../../smart-trades';

interface Props {
  ticker: string;
  onTicker: (value: string) => void;
}

/** The Dione tab (1-core §2 Tools): search, the two-card result, and 'Recent Dione Searches'. */
export function DioneTab({ ticker, onTicker }: Props) {
  const [shown, setShown] = useState<DioneResultDto | null>(null);
  const history = useDioneHistory();
  const search = useDioneSearch();
  const clear = useClearDioneHistory();
  const track = useTrackDione();
  const entries = history.data ?? [];

  const onSearch = (symbol: string) => search.mutate(symbol, { onSuccess: (reply) => setShown(reply.result) });
  const onTrack = (type: DioneType) => {
    if (!shown) return;
    const entry = shown;
    track.mutate(
      { entry, type },
      { onSuccess: () => setShown((s) => (s && s.id === entry.id ? markTracked(s, type) : s)) },
    );
  };
  const onSelect = (id: number) => {
    const entry = entries.find((e) => e.id === id);
    if (entry) setShown(entry);
  };
  const onClear = () => clear.mutate(undefined, { onSuccess: () => setShown(null) });
  const session = useSession();
  const [trading, setTrading] = useState<DioneLevels | null>(null);
  const mayTrade = session !== null && can.smartTrades(session);

  return (
    <>
      <ToolLayout
        search={{
          label: 'Dione ticker',
          hint: 'Short and long term buy range, targets, stop loss and risk vs reward. Each search uses one Dione credit.',
          value: ticker,
          onChange: onTicker,
          onSearch,
        }}
        pending={search.isPending}
        pendingText="Analyzing…"
        result={
          shown && (
            <DioneResultCards
              result={shown}
              tracking={track.isPending ? track.variables.type : null}
              onTrack={onTrack}
              onTrade={mayTrade ? setTrading : undefined}
            />
          )
        }
        emptyText="Search a ticker to see its short and long term analysis."
        aside={
          <RecentSearches
            title="Recent Dione Searches"
            loading={history.isLoading}
            items={entries.map((e) => ({
              id: e.id,
              ticker: e.ticker,
              sub: e.company_name,
              side: (
                <>
                  <span>{formatDate(e.date_queried)}</span>
                  <span>
                    ${formatPrice(e.alert_price)} <Rate disabled count={5} value={e.rating} style={{ fontSize: 9 }} />
                  </span>
                </>
              ),
            }))}
            activeId={shown?.id ?? null}
            onSelect={onSelect}
            onClear={onClear}
            clearing={clear.isPending}
          />
        }
      />
      <TradeDrawer source={trading ? { kind: 'dione', levels: trading } : null} onClose={() => setTrading(null)} />
    </>
  );
}
