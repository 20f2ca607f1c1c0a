import { Button, Flex, Form, Input, InputNumber, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import {
  DETAILS_PRICE_STEP,
  TRADE_NOTE_MAX,
  TRAILING_MIN,
  orderEditBody,
  type OrderEditBody,
  type RangeExecution,
  type SmartTradeDto,
} from '@drat/contracts';
import { applyServerErrors } from '../../lib/formErrors';
import { useEditTradePrices, useEditTradeRange } from './mutations';

type Values = Omit<OrderEditBody, 'order_id'>;
const FIELDS = [
  'buy_range_low',
  'buy_range_high',
  'target_range_low',
  'target_range_high',
  'stop_loss',
  'trailing_profit',
  'new_trailing_profit',
  'trigger_percent',
  'trade_notes',
] as const;

const sold = (e: RangeExecution | null | undefined) =>
  !!e && e.entry_quantity > 0 && e.exit_quantity >= e.entry_quantity;

/** Which inputs are locked (2-trading §4): a filled buy keeps its price, a sold target its; nothing after the stop. */
export function lockedFields(t: SmartTradeDto): Set<(typeof FIELDS)[number]> {
  const locked = new Set<(typeof FIELDS)[number]>();
  const pl = t.profit_loss_data;
  if (t.order_one_carried_out) locked.add('buy_range_low');
  if (t.order_two_carried_out) locked.add('buy_range_high');
  if (sold(pl?.buy_range_one_execution)) locked.add('target_range_high');
  if (sold(pl?.buy_range_two_execution)) locked.add('target_range_low');
  if (t.sold_at_stop_loss) for (const f of FIELDS) locked.add(f);
  if (!t.set_trailing_profit)
    ['trailing_profit', 'new_trailing_profit', 'trigger_percent'].forEach((f) => locked.add(f as never));
  return locked;
}

/**
 * Editing a PENDING or OPEN trade from its details (2-trading §2.3, §4, §5.5): a basic trade's
 * prices, the stop loss, the trailing percents (at least 1) and the notes, checked with the
 * contracts' order-edit schema; an advanced trade's ranges one by one. The server moves the working
 * orders and refuses a locked side in the engine's words; the details read the trade again.
 */
export function TradeEditForm({ trade }: { trade: SmartTradeDto }) {
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const advanced = trade.trade_type === 'ADVANCED';
  const locked = lockedFields(trade);
  const done = (reply: { message: string }) => {
    void message.success(reply.message);
  };
  const failed = (err: unknown) => {
    for (const text of applyServerErrors(form, err, FIELDS)) void message.error(text);
  };
  // Both read the trade again (mutations.ts).
  const save = useEditTradePrices({ onSuccess: done, onError: failed });
  const saveRange = useEditTradeRange({ onSuccess: done, onError: failed });

  const submit = (v: Values) => {
    const changed = Object.fromEntries(
      Object.entries(v).filter(([k, value]) => value !== undefined && value !== null && !locked.has(k as never)),
    );
    const body = { order_id: trade.order_id, ...changed };
    const parsed = orderEditBody.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({ name: String(i.path[0]) as keyof Values, errors: [i.message] })),
      );
      return;
    }
    save.mutate(parsed.data);
  };

  const price = (name: (typeof FIELDS)[number], label: string) => (
    <Form.Item name={name} label={label} style={{ flex: '1 1 150px', marginBottom: 8 }}>
      <InputNumber min={0} step={DETAILS_PRICE_STEP} disabled={locked.has(name)} style={{ width: '100%' }} />
    </Form.Item>
  );
  const percent = (name: (typeof FIELDS)[number], label: string) => (
    <Form.Item name={name} label={label} style={{ flex: '1 1 150px', marginBottom: 8 }}>
      <InputNumber min={TRAILING_MIN} disabled={locked.has(name)} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Change the trade
      </Typography.Title>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          buy_range_low: trade.buy_range_1,
          buy_range_high: trade.buy_range_2,
          target_range_low: trade.target_range_low,
          target_range_high: trade.target_range_high,
          stop_loss: trade.stop_loss,
          trailing_profit: trade.trailing_profit || TRAILING_MIN,
          new_trailing_profit: trade.new_trailing_profit || TRAILING_MIN,
          trigger_percent: trade.trigger_percent,
          trade_notes: trade.trade_notes,
        }}
      >
        {!advanced && (
          <Flex gap={12} wrap>
            {price('buy_range_low', 'Buy Range Low')}
            {price('buy_range_high', 'Buy Range High')}
            {price('target_range_low', 'Target Range Low')}
            {price('target_range_high', 'Target Range High')}
          </Flex>
        )}
        <Flex gap={12} wrap>
          {price('stop_loss', 'Stop Loss')}
          {percent('trailing_profit', 'Trailing Profit %')}
          {percent('new_trailing_profit', 'New Trailing Profit %')}
          {percent('trigger_percent', 'Trigger Percent %')}
        </Flex>
        <Form.Item name="trade_notes" label="Trade Notes" style={{ marginBottom: 8 }}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={TRADE_NOTE_MAX} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save changes
        </Button>
      </Form>
      {advanced &&
        trade.extra_ranges
          .filter((r) => !r.completed)
          .map((r) => (
            <Form
              key={r.range_id}
              layout="inline"
              initialValues={{ buy_range: r.buy_range, target_range: r.target_range }}
              onFinish={(v: { buy_range: number; target_range: number }) =>
                saveRange.mutate({ trade_id: trade.id, range: { range_id: r.range_id, ...v } })
              }
            >
              <Typography.Text strong style={{ alignSelf: 'center', marginRight: 8 }}>
                Range {r.range_id}
              </Typography.Text>
              <Form.Item name="buy_range" label="Buy Range">
                <InputNumber min={0} step={DETAILS_PRICE_STEP} disabled={r.buy_filled} />
              </Form.Item>
              <Form.Item name="target_range" label="Target Range">
                <InputNumber min={0} step={DETAILS_PRICE_STEP} disabled={r.sell_filled} />
              </Form.Item>
              <Button htmlType="submit" loading={saveRange.isPending}>
                Save Range {r.range_id}
              </Button>
            </Form>
          ))}
    </Flex>
  );
}
