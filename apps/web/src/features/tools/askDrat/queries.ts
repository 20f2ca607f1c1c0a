import { useMutation } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import { ASK_DRAT_MSG } from '@drat/contracts';
import { downloadSheet, fetchFilings, type FilingsInput } from '../../../api/tools';
import { downloadBlob } from '../../../lib/download';
import { filingsErrorMessage, sheetFailure } from '../errors';

/** GET /stock/filings/getboth from the filings form; failures are toasts (1-core §8). */
export function useFilingsSearch() {
  const { message } = useApp();
  return useMutation({
    mutationFn: (input: FilingsInput) => fetchFilings(input),
    onSuccess: (reply) => {
      if (reply.filings.length === 0) message.warning(reply.error ?? ASK_DRAT_MSG.noFilings);
    },
    onError: (err) => {
      const text = filingsErrorMessage(err);
      if (text) message.error(text);
    },
  });
}

export interface SheetInput {
  ticker: string;
  years: number;
}

/** GET /stock/sheet-analysis: saves the workbook under the name the server gave it. */
export function useSheetDownload() {
  const { message } = useApp();
  return useMutation({
    mutationFn: async ({ ticker, years }: SheetInput) => {
      const file = await downloadSheet(ticker, years);
      const filename = file.filename ?? `${ticker}_10K_analysis.xlsx`;
      downloadBlob(file.blob, filename);
      return filename;
    },
    onSuccess: (filename) => {
      message.success(`${filename} downloaded`);
    },
    onError: (err) => {
      const { message: text } = sheetFailure(err);
      if (text) message.error(text);
    },
  });
}
