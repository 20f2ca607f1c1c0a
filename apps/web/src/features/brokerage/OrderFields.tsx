import { Form, InputNumber, Select } from 'antd';
import { BROKER_MSG, type OrderType } from '@drat/contracts';
import { DURATION_OPTIONS, needsPrice, needsStop, orderTypeOptions } from './orderForm';

/** Order type and duration, both required (2-trading §5.5): the Modify and Exit forms. */
export function OrderTermsFields() {
  return (
    <>
      <Form.Item
        name="order_type"
        label="Order type"
        rules={[{ required: true, message: BROKER_MSG.orderTypeRequired }]}
      >
        <Select options={orderTypeOptions()} placeholder="Order type" />
      </Form.Item>
      <Form.Item name="duration" label="Duration" rules={[{ required: true, message: BROKER_MSG.durationRequired }]}>
        <Select options={DURATION_OPTIONS} placeholder="Duration" />
      </Form.Item>
    </>
  );
}

/** The prices the order type needs: a limit price, a stop price, or both. */
export function OrderPriceFields({ type }: { type: OrderType | undefined }) {
  return (
    <>
      {needsPrice(type) && (
        <Form.Item name="price" label="Limit price">
          <InputNumber min={0} step={0.01} style={{ width: '100%' }} prefix="$" />
        </Form.Item>
      )}
      {needsStop(type) && (
        <Form.Item name="stop" label="Stop price">
          <InputNumber min={0} step={0.01} style={{ width: '100%' }} prefix="$" />
        </Form.Item>
      )}
    </>
  );
}
