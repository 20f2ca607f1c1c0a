import { useEffect, useState } from 'react';
import { AutoComplete, Button, Card, Form, Input, InputNumber, Modal } from 'antd';
import useApp from 'antd/es/app/useApp';
import { FileSearchOutlined } from '@ant-design/icons';
import { FILING_FORM_TYPES, FILINGS_MAX_RESULTS, filingsQuery, type FilingRow } from '@drat/contracts';
import { zodMessage } from '../../../lib/zodRule';
import styles from '../tools.module.css';
import { FilingsTable } from './FilingsTable';
import { useFilingsSearch } from './queries';

interface Values {
  ticker?: string;
  formtype?: string;
  size?: number | null;
}

/** Modal width of the filings results (1-core §9). */
const FILINGS_MODAL_WIDTH = 600;
const FORM_OPTIONS = FILING_FORM_TYPES.map((f) => ({ value: f }));

/**
 * The SEC filings search (1-core §2, §5): ticker, form type and number of results (1 to 10); a
 * bad input is 'Invalid inputs', none found is 'No filings', the results open in a 600 px modal.
 */
export function FilingsForm({ ticker }: { ticker: string }) {
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const search = useFilingsSearch();
  const [shown, setShown] = useState<{ title: string; rows: FilingRow[] } | null>(null);

  useEffect(() => {
    if (ticker) form.setFieldValue('ticker', ticker);
  }, [form, ticker]);

  const submit = (values: Values) => {
    const symbol = (values.ticker ?? '').trim().toUpperCase();
    const formtype = (values.formtype ?? '').trim().toUpperCase();
    const size = values.size ?? 0;
    // The server's query schema: every bad field is 'Invalid inputs'.
    const problem = zodMessage(filingsQuery, { ticker: symbol, formtype, size });
    if (problem !== null) {
      message.error(problem);
      return;
    }
    search.mutate(
      { ticker: symbol, formtype, size },
      {
        onSuccess: (reply) => {
          if (reply.filings.length > 0) setShown({ title: `${symbol} · ${formtype} filings`, rows: reply.filings });
        },
      },
    );
  };

  return (
    <Card size="small" title="SEC Filings">
      <Form<Values>
        form={form}
        name="filings"
        layout="vertical"
        requiredMark={false}
        initialValues={{ formtype: '10-K', size: 5 }}
        onFinish={submit}
        aria-label="SEC filings search"
      >
        <Form.Item label="Ticker" name="ticker" style={{ marginBottom: 12 }}>
          <Input placeholder="e.g. AAPL" maxLength={16} autoComplete="off" className={styles.tickerInput} />
        </Form.Item>
        <Form.Item label="Form type" name="formtype" style={{ marginBottom: 12 }}>
          <AutoComplete
            options={FORM_OPTIONS}
            placeholder="e.g. 10-K"
            showSearch={{
              filterOption: (input, option) =>
                String(option?.value ?? '')
                  .toUpperCase()
                  .includes(input.trim().toUpperCase()),
            }}
          />
        </Form.Item>
        <Form.Item label="Number of results" name="size" style={{ marginBottom: 16 }}>
          <InputNumber min={0} max={FILINGS_MAX_RESULTS} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<FileSearchOutlined />} loading={search.isPending} block>
          Search Filings
        </Button>
      </Form>
      <Modal
        open={shown !== null}
        title={shown?.title}
        width={FILINGS_MODAL_WIDTH}
        footer={null}
        onCancel={() => setShown(null)}
      >
        {shown && <FilingsTable rows={shown.rows} />}
      </Modal>
    </Card>
  );
}
