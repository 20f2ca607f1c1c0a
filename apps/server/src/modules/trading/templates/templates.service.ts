/**
 * Smart trade templates (2-trading §3 "Trade template", §5.6, §6, §7): super users keep a shared
 * list of templates, each a percentage per entry (buy range low and high, target range low and
 * high, stop loss) below or above the ask, last or bid; picking one in the custom drawer fills the
 * drawer with its prices for the ticker now (`entries`, the engine's `templateEntries`).
 *
 * Templates are one list for every super user (created_by says who made one): any super user may
 * change or delete any of them. Who may call is checked on the routes (super users only).
 */
import {
  MARKET_MSG,
  TEMPLATE_PERCENTAGE_TYPE,
  TRADE_MSG,
  type MessageReply,
  type TradeEntriesResponse,
  type TradeTemplateBody,
  type TradeTemplateDto,
} from '@drat/contracts';
import { dec, templateEntries, toNumber, toText } from '@drat/engine';
import { DomainError } from '../../../core/errors';
import type { MarketDataProvider } from '../../../providers/market/interface';
import { withProvider } from '../../../providers/provider-error';
import type { Acting } from '../../../core/actor';
import type { TemplateParameterWrite, TemplateRow, TemplatesRepo } from './templates.repo';

export interface TemplatesDeps {
  repo: TemplatesRepo;
  market: Pick<MarketDataProvider, 'quotes'>;
  now: () => Date;
}

type TemplateReply = MessageReply & { data: TradeTemplateDto };

function templateDto(row: TemplateRow): TradeTemplateDto {
  return {
    id: row.id,
    name: row.name,
    created_by: row.createdBy ?? '',
    date_created: row.createdAt.toISOString(),
    last_updated: row.updatedAt.toISOString(),
    trade_template_parameters: row.parameters.map((p) => ({
      id: p.id,
      entry_name: p.entryName,
      percentage: toNumber(p.percentage),
      percentage_type: p.percentageType,
      based_on: p.basedOn,
    })),
  };
}

/**
 * The body's parameters as stored: one per entry, matched by entry_name (a given parameter id is
 * not needed to find it). The percentage type follows from the entry (LESS for buy ranges and the
 * stop loss, EXCEED for targets); the body's, when given, was checked to agree.
 */
function parametersOf(body: TradeTemplateBody): TemplateParameterWrite[] {
  return body.trade_template_parameters_fields.map((p) => ({
    entryName: p.entry_name,
    percentage: toText(dec(p.percentage)),
    percentageType: TEMPLATE_PERCENTAGE_TYPE[p.entry_name],
    basedOn: p.based_on,
  }));
}

export function createTemplatesService({ repo, market, now }: TemplatesDeps) {
  async function found(id: number): Promise<TemplateRow> {
    const row = await repo.byId(id);
    if (!row) throw new DomainError('NOT_FOUND', TRADE_MSG.templateNotFound);
    return row;
  }

  return {
    async list(): Promise<{ data: TradeTemplateDto[] }> {
      return { data: (await repo.list()).map(templateDto) };
    },

    async create(who: Acting, body: TradeTemplateBody): Promise<TemplateReply> {
      const id = await repo.create(body.name, who.userId, parametersOf(body), now());
      return { message: TRADE_MSG.templateCreated, data: templateDto(await found(id)) };
    },

    async update(id: number, body: TradeTemplateBody): Promise<TemplateReply> {
      if (!(await repo.update(id, body.name, parametersOf(body), now()))) {
        throw new DomainError('NOT_FOUND', TRADE_MSG.templateNotFound);
      }
      return { message: TRADE_MSG.templateUpdated, data: templateDto(await found(id)) };
    },

    async remove(id: number): Promise<MessageReply> {
      if (!(await repo.remove(id))) throw new DomainError('NOT_FOUND', TRADE_MSG.templateNotFound);
      return { message: TRADE_MSG.templateDeleted };
    },

    /** The template's five prices for `ticker` at its quote now (exact decimals, the engine's rule). */
    async entries(ticker: string, templateId: number): Promise<TradeEntriesResponse> {
      const template = await found(templateId);
      const [quote] = await withProvider(MARKET_MSG.marketUnavailable, () => market.quotes([ticker]));
      if (!quote) throw DomainError.field('ticker', TRADE_MSG.unknownTicker(ticker));
      // The answer's parameters carry the percentages as numbers read from their exact text.
      const result = templateEntries(templateDto(template).trade_template_parameters, quote);
      if ('noPrice' in result) throw DomainError.field('ticker', TRADE_MSG.noQuotePrice(ticker, result.noPrice));
      return result.entries;
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
