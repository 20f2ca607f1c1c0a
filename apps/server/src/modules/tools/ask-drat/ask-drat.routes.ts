import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ASK_DRAT_MSG,
  filingsQuery,
  filingsResponseSchema,
  sheetAnalysisQuery,
  stockInfoQuery,
  stockInfoResponseSchema,
  XLSX_MEDIA_TYPE,
} from '@drat/contracts';
import { requireActiveRight } from '../../../http/auth';
import type { AskDratService } from './ask-drat.service';

/**
 * Ask DRAT (1-core §7 "Tools and resources"): company info, SEC filings and the 10-K sheet. ADA
 * right required; a lapsed subscription answers 401. The spec's `token` query parameter is
 * accepted and ignored (the Authorization header authenticates).
 */
export const askDratRoutes: FastifyPluginAsyncZod<{ askDrat: AskDratService }> = async (app, { askDrat }) => {
  const tags = ['ask-drat'];
  const preHandler = requireActiveRight('ADA', ASK_DRAT_MSG.noAccess);

  app.get(
    '/stock/info',
    { preHandler, schema: { tags, querystring: stockInfoQuery, response: { 200: stockInfoResponseSchema } } },
    (req) => askDrat.info(req.query.ticker),
  );

  app.get(
    '/stock/filings/getboth',
    { preHandler, schema: { tags, querystring: filingsQuery, response: { 200: filingsResponseSchema } } },
    (req) => askDrat.filings(req.query),
  );

  app.get(
    '/stock/sheet-analysis',
    {
      preHandler,
      schema: {
        tags,
        querystring: sheetAnalysisQuery,
        description: `An .xlsx workbook (${XLSX_MEDIA_TYPE}) sent as an attachment; failures answer {error: true, message, reason}.`,
      },
    },
    async (req, reply) => {
      const { filename, content } = await askDrat.sheet(req.query);
      return reply
        .header('content-type', XLSX_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(content);
    },
  );
};
