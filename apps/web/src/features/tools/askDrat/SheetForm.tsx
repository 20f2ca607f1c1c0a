import { useEffect } from 'react';
import { Button, Card, Form, Input, Select, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { SHEET_YEAR_CHOICES } from '@drat/contracts';
import { sheetFailure } from '../errors';
import styles from '../tools.module.css';
import { useSheetDownload } from './queries';

interface Values {
  ticker?: string;
  years?: number;
}

const YEAR_OPTIONS = SHEET_YEAR_CHOICES.map((y) => ({ value: y, label: `${y} years` }));

/**
 * The 10K analysis sheet (1-core §2, §5): a ticker and a range of 2 to 6 years; Download stays
 * disabled until both are given, and saves the .xlsx under the name the server sends.
 */
export function SheetForm({ ticker }: { ticker: string }) {
  const [form] = Form.useForm<Values>();
  const download = useSheetDownload();
  const typed = (Form.useWatch('ticker', form) ?? '').trim().toUpperCase();
  const years = Form.useWatch('years', form);
  const failed = download.isError ? sheetFailure(download.error) : null;

  useEffect(() => {
    if (ticker) form.setFieldValue('ticker', ticker);
  }, [form, ticker]);

  const submit = () => {
    if (typed && years) download.mutate({ ticker: typed, years });
  };

  return (
    <Card size="small" title="10K Analysis Sheet">
      <Form<Values>
        form={form}
        name="sheet"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        aria-label="10K analysis sheet"
      >
        <Form.Item label="Ticker" name="ticker" style={{ marginBottom: 12 }}>
          <Input
            placeholder="e.g. AAPL"
            maxLength={16}
            autoComplete="off"
            className={styles.tickerInput}
            onChange={() => download.reset()}
          />
        </Form.Item>
        <Form.Item label="Range of years" name="years" style={{ marginBottom: 16 }}>
          <Select placeholder="Choose 2 to 6 years" options={YEAR_OPTIONS} onChange={() => download.reset()} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<DownloadOutlined />}
          loading={download.isPending}
          disabled={!typed || !years}
          block
        >
          Download Sheet
        </Button>
        {failed?.reason && (
          <Typography.Paragraph type="danger" style={{ margin: '8px 0 0', fontSize: 12 }}>
            {failed.reason}
          </Typography.Paragraph>
        )}
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
          Revenue, profits, EPS, balance sheet and cash flow of each fiscal year from the 10-K reports, with growth and
          margins, as an Excel workbook.
        </Typography.Paragraph>
      </Form>
    </Card>
  );
}
