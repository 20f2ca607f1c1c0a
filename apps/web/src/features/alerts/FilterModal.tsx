import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Divider, Flex, Modal, Select, Switch, Typography, type GetProps } from 'antd';
import useApp from 'antd/es/app/useApp';
import { SearchOutlined } from '@ant-design/icons';
import { ALERT_MSG, type AlertCategory, type AlertSearchBody } from '@drat/contracts';

type RangeValue = GetProps<typeof DatePicker.RangePicker>['value'];

/** Today's end: the picker forbids future dates (1-core §5). */
const isFuture = (d: { valueOf(): number }) => {
  const end = new Date();
  end.setHours(23, 59, 59, 999);
  return d.valueOf() > end.getTime();
};

/**
 * The date-range and ticker search of the alert and trigger screens (1-core §2, §5): each part is
 * sent only while its toggle is on; with neither, 'Invalid parameters'. `children` shows the results.
 */
export function FilterModal({
  open,
  onClose,
  title,
  category,
  tickers,
  tickersLoading,
  onSearch,
  searching,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  category: AlertCategory | undefined;
  tickers: string[];
  tickersLoading: boolean;
  onSearch: (body: AlertSearchBody) => void;
  searching: boolean;
  children: ReactNode;
}) {
  const { message } = useApp();
  const [useDates, setUseDates] = useState(true);
  const [useTickers, setUseTickers] = useState(false);
  const [range, setRange] = useState<RangeValue>(null);
  const [chosen, setChosen] = useState<string[]>([]);

  const submit = () => {
    const from = range?.[0];
    const to = range?.[1];
    const dates =
      useDates && from && to ? ([from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')] as [string, string]) : undefined;
    const picked = useTickers && chosen.length > 0 ? chosen : undefined;
    if (!category || (!dates && !picked)) {
      message.error(ALERT_MSG.invalidParameters);
      return;
    }
    onSearch({ category, ...(dates ? { daterange: dates } : {}), ...(picked ? { tickers: picked } : {}) });
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={title} width={800}>
      <Flex wrap gap={16} align="end">
        <Flex vertical gap={6}>
          <label>
            <Switch size="small" checked={useDates} onChange={setUseDates} aria-label="Search by date range" />{' '}
            <Typography.Text>Date range</Typography.Text>
          </label>
          <DatePicker.RangePicker
            value={range}
            onChange={setRange}
            disabled={!useDates}
            disabledDate={isFuture}
            allowEmpty={[false, false]}
          />
        </Flex>
        <Flex vertical gap={6} style={{ flex: 1, minWidth: 220 }}>
          <label>
            <Switch size="small" checked={useTickers} onChange={setUseTickers} aria-label="Search by tickers" />{' '}
            <Typography.Text>Tickers</Typography.Text>
          </label>
          <Select
            mode="multiple"
            allowClear
            placeholder="Choose tickers"
            value={chosen}
            onChange={setChosen}
            disabled={!useTickers}
            loading={tickersLoading}
            options={tickers.map((t) => ({ value: t, label: t }))}
            aria-label="Tickers"
          />
        </Flex>
        <Button type="primary" icon={<SearchOutlined />} onClick={submit} loading={searching}>
          {title}
        </Button>
      </Flex>
      <Divider style={{ margin: '16px 0' }} />
      <div style={{ maxHeight: '60vh', overflowY: 'auto', overflowX: 'hidden' }}>{children}</div>
    </Modal>
  );
}
