import { useEffect, useRef } from 'react';
import { Form, InputNumber, Modal, Select, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import {
  BROKER_MSG,
  ORDER_CLASSES,
  ORDER_SIDES,
  placeBrokerOrderBody,
  type OpenPosition,
  type OrderClass,
  type OrderDuration,
  type OrderSide,
  type OrderType,
} from '@drat/contracts';
import { applyServerErrors } from '../../lib/formErrors';
import { checkWithSchema } from '../../lib/zodRule';
import { formatPrice } from '../../lib/format';
import { OrderPriceFields, OrderTermsFields } from './OrderFields';
import { needsPrice, needsStop, sideLabel } from './orderForm';
import { usePlaceOrder } from './queries';

interface Values {
  order_class?: OrderClass;
  side?: OrderSide;
  order_type?: OrderType;
  duration?: OrderDuration;
  quantity?: number | null;
  price?: number | null;
  stop?: number | null;
}

const FIELDS = ['order_class', 'side', 'order_type', 'duration', 'quantity', 'price', 'stop'] as const;

/** An OCC symbol's underlying: the root before its 15 characters of date, right and strike. */
const underlyingOf = (occ: string) => occ.slice(0, Math.max(1, occ.length - 15));

const sidesOf = (cls: OrderClass | undefined) =>
  ORDER_SIDES.filter((s) => s.includes('_to_') === (cls === 'option')).map((s) => ({ value: s, label: sideLabel(s) }));

/**
 * A super user's Exit of an open position (2-trading §2.6, §5.5): class, side, order type and
 * duration required, prefilled to sell the whole position at market today. The order is recorded
 * before it is sent, and an idempotency key per dialog makes a retried press place one order.
 */
export function ExitPositionModal({
  account,
  position,
  onClose,
}: {
  account: string;
  position: OpenPosition | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const place = usePlaceOrder();
  const key = useRef('');
  const cls = Form.useWatch('order_class', form);
  const type = Form.useWatch('order_type', form);

  useEffect(() => {
    if (!position) return;
    key.current = crypto.randomUUID();
    form.resetFields();
    form.setFieldsValue({
      order_class: position.class,
      side: position.class === 'option' ? 'sell_to_close' : 'sell',
      order_type: 'market',
      duration: 'day',
      quantity: position.quantity,
    });
  }, [position, form]);

  const submit = async () => {
    if (!position) return;
    await form.validateFields();
    const v = form.getFieldsValue(true) as Values;
    const option = v.order_class === 'option';
    const { data, general } = checkWithSchema(
      form,
      placeBrokerOrderBody,
      {
        account_id: account,
        order_class: v.order_class,
        symbol: option ? underlyingOf(position.symbol) : position.symbol,
        option_symbol: option ? position.symbol : null,
        order_type: v.order_type,
        duration: v.duration,
        side: v.side,
        quantity: v.quantity ?? undefined,
        price: needsPrice(v.order_type) ? (v.price ?? null) : null,
        stop: needsStop(v.order_type) ? (v.stop ?? null) : null,
      },
      FIELDS,
    );
    for (const text of general) void message.error(text);
    if (!data) return;
    place.mutate(
      { body: data, key: key.current },
      {
        onSuccess: (reply) => {
          void message.success(reply.message);
          onClose();
        },
        onError: (err) => {
          applyServerErrors(form, err, FIELDS);
          void message.error(`${BROKER_MSG.placeFailed}: ${err.message}`);
        },
      },
    );
  };

  const required = (text: string) => [{ required: true, message: text }];
  return (
    <Modal
      open={position !== null}
      title={position ? `Exit ${position.symbol}` : ''}
      okText="Place order"
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={place.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {position && (
        <Typography.Paragraph type="secondary">
          {position.quantity} held at a cost basis of {formatPrice(position.cost_basis)} · account {account}
        </Typography.Paragraph>
      )}
      <Form<Values> form={form} layout="vertical">
        <Form.Item name="order_class" label="Class" rules={required(BROKER_MSG.classRequired)}>
          <Select
            options={ORDER_CLASSES.map((c) => ({ value: c, label: c === 'option' ? 'Option' : 'Equity' }))}
            onChange={(c: OrderClass) => form.setFieldValue('side', c === 'option' ? 'sell_to_close' : 'sell')}
          />
        </Form.Item>
        <Form.Item name="side" label="Side" rules={required(BROKER_MSG.sideRequired)}>
          <Select options={sidesOf(cls)} placeholder="Side" />
        </Form.Item>
        <OrderTermsFields />
        <Form.Item name="quantity" label="Quantity">
          <InputNumber min={1} step={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <OrderPriceFields type={type} />
      </Form>
    </Modal>
  );
}
