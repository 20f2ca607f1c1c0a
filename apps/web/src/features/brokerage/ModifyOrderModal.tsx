import { useEffect } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import {
  BROKER_MSG,
  ORDER_DURATIONS,
  modifyLiveOrderBody,
  type BrokerOrderRow,
  type OrderDuration,
  type OrderType,
} from '@drat/contracts';
import { applyServerErrors } from '../../lib/formErrors';
import { checkWithSchema } from '../../lib/zodRule';
import { OrderPriceFields, OrderTermsFields } from './OrderFields';
import { needsPrice, needsStop } from './orderForm';
import { useModifyOrder } from './queries';

interface Values {
  order_type?: OrderType;
  duration?: OrderDuration;
  side?: string;
  order_class?: string;
  price?: number | null;
  stop?: number | null;
}

const FIELDS = ['order_type', 'duration', 'price', 'stop'] as const;

/**
 * Modify an open or pending order (2-trading §2.5, §5.5): order type, duration, side and class are
 * required (side and class are the order's own, shown as they are: a broker does not change them);
 * a limit needs its price, a stop its stop price. 'Order modified successfully' or 'Failed to
 * modify order' with the broker's reason.
 */
export function ModifyOrderModal({
  account,
  order,
  onClose,
}: {
  account: string;
  order: BrokerOrderRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const modify = useModifyOrder();
  const type = Form.useWatch('order_type', form);

  useEffect(() => {
    if (!order) return;
    form.resetFields();
    form.setFieldsValue({
      order_type: order.type as OrderType,
      duration: (ORDER_DURATIONS as readonly string[]).includes(order.duration)
        ? (order.duration as OrderDuration)
        : undefined,
      side: order.side,
      order_class: order.class,
      price: order.price,
      stop: order.stop_price,
    });
  }, [order, form]);

  const submit = async () => {
    if (!order) return;
    await form.validateFields();
    const v = form.getFieldsValue(true) as Values;
    const { data, general } = checkWithSchema(
      form,
      modifyLiveOrderBody,
      {
        account_id: account,
        order_id: order.id,
        order_type: v.order_type,
        duration: v.duration,
        price: needsPrice(v.order_type) ? (v.price ?? null) : null,
        stop: needsStop(v.order_type) ? (v.stop ?? null) : null,
      },
      FIELDS,
    );
    for (const text of general) void message.error(text);
    if (!data) return;
    modify.mutate(data, {
      onSuccess: (reply) => {
        void message.success(reply.message);
        onClose();
      },
      onError: (err) => {
        applyServerErrors(form, err, FIELDS);
        void message.error(`${BROKER_MSG.modifyFailed}: ${err.message}`);
      },
    });
  };

  return (
    <Modal
      open={order !== null}
      title={order ? `Modify order ${order.id}` : ''}
      okText="Modify"
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={modify.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {order && (
        <Typography.Paragraph type="secondary">
          {order.option_symbol ?? order.symbol} · {order.quantity} · {order.status.replace(/_/g, ' ')}
        </Typography.Paragraph>
      )}
      <Form<Values> form={form} layout="vertical" requiredMark>
        <Form.Item name="order_class" label="Class" rules={[{ required: true, message: BROKER_MSG.classRequired }]}>
          <Input disabled />
        </Form.Item>
        <Form.Item name="side" label="Side" rules={[{ required: true, message: BROKER_MSG.sideRequired }]}>
          <Input disabled />
        </Form.Item>
        <OrderTermsFields />
        <OrderPriceFields type={type} />
      </Form>
    </Modal>
  );
}
