import { ALL_SECTORS, BOT_DEFAULTS, type BotDto } from '@drat/contracts';

/** Test data of the bots feature's unit tests (not used by the app). */

/** A bot as the API answers it: the defaults on the demo account, taking SWING-ALERTS. */
export function botOf(patch: Partial<BotDto> = {}): BotDto {
  return {
    ...BOT_DEFAULTS,
    selected_sectors: [ALL_SECTORS],
    id: 7,
    bot_name: 'Swing bot',
    created: '2026-03-01T15:00:00.000Z',
    active: true,
    archived: false,
    email: 'live@drat.local',
    name: 'Liam Live',
    trade_account: { account_id: 'DEMO', mode: 'DEMO' },
    trade_category: { name: 'SWING-ALERTS', category: 'STOCKS' },
    alerts_from_date: '2026-03-01',
    alerts_to_date: '2026-03-31',
    alert_sector: ALL_SECTORS,
    taken_trades: [],
    performance: { trades_taken: 0, trades_left: 10, amount_invested: '0', amount_left: '10000', profit_loss: '0' },
    ...patch,
  };
}
