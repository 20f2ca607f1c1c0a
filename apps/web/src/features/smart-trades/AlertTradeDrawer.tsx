import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Switch,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import {
  CANCEL_BY_FORMAT,
  DEFAULT_SHARES,
  TRADE_DEFAULTS,
  TRADE_MSG,
  TRADE_NOTE_MAX,
  TRADE_TIME_ZONE,
  type AlertDto,
  type BasicTradeInput,
} from '@drat/contracts';
import { createDemoTrade } from '../../api/trading';
import { applyServerErrors } from '../../lib/formErrors';
import { formatPrice } from '../../lib/format';
import { splitTotal, totalOf } from './amounts';
import { tradeKeys } from './queries';

interface Values {
  buy_range_low: number;
  buy_range_high: number;
  target_range_low: number;
  target_range_high: number;
  stop_loss: number;
  total: number;
  amount_buy_range_low: number;
  amount_buy_range_high: number;
  set_trailing_profit: boolean;
  trailing_profit: number;
  new_trailing_profit: number;
  trigger_percent: number;
  setCancelIfNotFilledBy: boolean;
  cancelBy: Dayjs | null;
  trade_notes: string;
}

const FIELDS = [
  'buy_range_low',
  'buy_range_high',
  'target_range_low',
  'target_range_high',
  'stop_loss',
  'amount_buy_range_low',
  'amount_buy_range_high',
  'trailing_profit',
  'new_trailing_profit',
  'trigger_percent',
  'trade_notes',
] as const;

/** What the form sends: the alert's trade, its levels and amounts as entered (2-trading §3 payload). */
function bodyOf(alert: AlertDto, v: Values): BasicTradeInput {
  return {
    ticker: alert.ticker,
    trade_type: 'ALERT',
    alert_id: alert.id,
    buy_range_low: v.buy_range_low,
    buy_range_high: v.buy_range_high,
    target_range_low: v.target_range_low,
    target_range_high: v.target_range_high,
    stop_loss: v.stop_loss,
    amount_buy_range_low: v.amount_buy_range_low,
    amount_buy_range_high: v.amount_buy_range_high,
    set_trailing_profit: v.set_trailing_profit,
    trailing_profit: v.trailing_profit,
    new_trailing_profit: v.new_trailing_profit,
    trigger_percent: v.trigger_percent,
    setCancelIfNotFilledBy: v.setCancelIfNotFilledBy,
    ...(v.setCancelIfNotFilledBy && v.cancelBy
      ? { expiryDateTime: v.cancelBy.format(CANCEL_BY_FORMAT), timeZone: TRADE_TIME_ZONE }
      : {}),
    trade_notes: v.trade_notes ?? '',
  };
}

/**
 * The alert trade drawer (2-trading §2.4, §4 "Drawers"): the alert's levels copied into a draft of
 * 2 shares split 1/1, amount splitting, trailing profit and cancel-if-not-filled, then a confirmation
 * with the estimates before the trade is placed on the demo account. The server checks every §5
 * rule; its answers land on the fields they name.
 */
export function AlertTradeDrawer({ alert, onClose }: { alert: AlertDto | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<BasicTradeInput | null>(null);
  const narrow = typeof window !== 'undefined' && window.innerWidth < 500;

  useEffect(() => {
    if (!alert) return;
    form.resetFields();
    form.setFieldsValue({
      buy_range_low: alert.buy_range_low,
      buy_range_high: alert.buy_range_high,
      target_range_low: alert.target_range_low,
      target_range_high: alert.target_range_high,
      stop_loss: alert.stop_loss,
      total: DEFAULT_SHARES.alert.total,
      amount_buy_range_low: DEFAULT_SHARES.alert.low,
      amount_buy_range_high: DEFAULT_SHARES.alert.high,
      set_trailing_profit: false,
      trailing_profit: 1,
      new_trailing_profit: 1,
      trigger_percent: TRADE_DEFAULTS.trigger_percent,
      setCancelIfNotFilledBy: false,
      cancelBy: null,
      trade_notes: '',
    });
  }, [alert, form]);

  const place = useMutation({
    mutationFn: createDemoTrade,
    onSuccess: (reply) => {
      void message.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      setConfirming(null);
      onClose();
    },
    onError: (err) => {
      setConfirming(null);
      for (const text of applyServerErrors(form, err, FIELDS)) void message.error(text);
    },
  });

  const onValues = (changed: Partial<Values>, all: Values) => {
    if ('total' in changed) {
      const { low, high } = splitTotal(all.total ?? 0);
      form.setFieldsValue({ amount_buy_range_low: low, amount_buy_range_high: high });
    } else if ('amount_buy_range_low' in changed || 'amount_buy_range_high' in changed) {
      form.setFieldsValue({ total: totalOf(all.amount_buy_range_low, all.amount_buy_range_high) });
    }
  };

  const trailing = Form.useWatch('set_trailing_profit', form);
  const cancelBy = Form.useWatch('setCancelIfNotFilledBy', form);
  const price = (name: keyof Values, label: string) => (
    <Form.Item name={name} label={label} rules={[{ required: true, message: `Enter the ${label.toLowerCase()}.` }]}>
      <InputNumber min={0} step={0.01} style={{ width: '100%' }} />
    </Form.Item>
  );
  const estimate = confirming
    ? (confirming.buy_range_low as number) * (confirming.amount_buy_range_low as number) +
      (confirming.buy_range_high as number) * (confirming.amount_buy_range_high as number)
    : 0;

  return (
    <Drawer
      open={alert !== null}
      onClose={onClose}
      title={alert ? `Trade ${alert.ticker}` : 'Trade'}
      width={narrow ? '100%' : 600}
      destroyOnHidden
      extra={<Typography.Text type="secondary">Demo account</Typography.Text>}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onValuesChange={onValues}
        onFinish={(v) => alert && setConfirming(bodyOf(alert, v))}
      >
        <Flex gap={12} wrap>
          <div style={{ flex: '1 1 200px' }}>{price('buy_range_low', 'Buy Range Low')}</div>
          <div style={{ flex: '1 1 200px' }}>{price('buy_range_high', 'Buy Range High')}</div>
          <div style={{ flex: '1 1 200px' }}>{price('target_range_low', 'Target Range Low')}</div>
          <div style={{ flex: '1 1 200px' }}>{price('target_range_high', 'Target Range High')}</div>
          <div style={{ flex: '1 1 200px' }}>{price('stop_loss', 'Stop Loss')}</div>
          <div style={{ flex: '1 1 200px' }}>
            <Form.Item name="total" label="Total Shares">
              <InputNumber min={1} step={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <div style={{ flex: '1 1 200px' }}>
            <Form.Item name="amount_buy_range_low" label="Shares at Buy Range Low">
              <InputNumber min={0} step={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <div style={{ flex: '1 1 200px' }}>
            <Form.Item name="amount_buy_range_high" label="Shares at Buy Range High">
              <InputNumber min={0} step={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </div>
        </Flex>
        <Form.Item name="set_trailing_profit" label="Trailing Profit" valuePropName="checked">
          <Switch />
        </Form.Item>
        {trailing && (
          <Flex gap={12} wrap>
            {(
              [
                ['trailing_profit', 'Trailing Profit %'],
                ['new_trailing_profit', 'New Trailing Profit %'],
                ['trigger_percent', 'Trigger Percent %'],
              ] as const
            ).map(([name, label]) => (
              <div key={name} style={{ flex: '1 1 150px' }}>
                <Form.Item name={name} label={label}>
                  <InputNumber min={1} style={{ width: '100%' }} />
                </Form.Item>
              </div>
            ))}
          </Flex>
        )}
        <Form.Item name="setCancelIfNotFilledBy" label="Cancel if not filled by" valuePropName="checked">
          <Switch />
        </Form.Item>
        {cancelBy && (
          <Form.Item
            name="cancelBy"
            label={`Date and time (${TRADE_TIME_ZONE})`}
            rules={[{ required: true, message: TRADE_MSG.cancelByRequired }]}
          >
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="trade_notes" label="Trade Notes">
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 12 }} maxLength={TRADE_NOTE_MAX} showCount />
        </Form.Item>
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit">
            Trade
          </Button>
        </Space>
      </Form>
      <Modal
        open={confirming !== null}
        title="Confirm your trade"
        okText="Confirm"
        confirmLoading={place.isPending}
        onOk={() => confirming && place.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming && (
          <Flex vertical gap={4}>
            <Typography.Text>
              Buy {confirming.amount_buy_range_low} at {formatPrice(confirming.buy_range_low as number)} and{' '}
              {confirming.amount_buy_range_high} at {formatPrice(confirming.buy_range_high as number)}
            </Typography.Text>
            <Typography.Text>
              Targets {formatPrice(confirming.target_range_low as number)} and{' '}
              {formatPrice(confirming.target_range_high as number)}, stop loss{' '}
              {formatPrice(confirming.stop_loss as number)}
            </Typography.Text>
            <Tooltip title={TRADE_MSG.estimates}>
              <Typography.Text strong>Estimated cost {formatPrice(estimate)} · Commission 0.00</Typography.Text>
            </Tooltip>
          </Flex>
        )}
      </Modal>
    </Drawer>
  );
}
