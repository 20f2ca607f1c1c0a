import type { ReactNode } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, InputNumber, Select } from 'antd';
import {
  BUY_INSTRUCTIONS,
  CALL_OR_PUT,
  EXTRA_RANGES_MAX,
  PRICE_STEP,
  SELL_INSTRUCTIONS,
  STRIKE_MAX,
  STRIKE_STEP,
} from '@drat/contracts';
import { emptyRange } from './advancedForm';
import { wordsOf } from './conditionRows';

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: wordsOf(value) }));
const number = { style: { width: '100%' } } as const;

/**
 * The ranges of an advanced trade (2-trading §3 "Range", §5.3): each a buy price and quantity and a
 * target price and quantity; on the Options tab also the instructions, the expiration (YYYY-MM-DD),
 * the strike and call or put. Add range, and a delete per range.
 */
export function AdvancedRanges({ options }: { options: boolean }) {
  return (
    <Form.List name="extra_ranges">
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          {fields.map((field, index) => {
            const item = (name: string, label: string, control: ReactNode) => (
              <Form.Item name={[field.name, name]} label={label} style={{ flex: '1 1 120px', marginBottom: 8 }}>
                {control}
              </Form.Item>
            );
            return (
              <Card
                key={field.key}
                size="small"
                title={`Range ${index + 1}`}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Delete range ${index + 1}`}
                    onClick={() => remove(field.name)}
                  />
                }
              >
                <Flex gap={12} wrap>
                  {options &&
                    item('buy_instruction', 'Buy Instruction', <Select options={choices(BUY_INSTRUCTIONS)} />)}
                  {item('buy_range', 'Buy Range', <InputNumber min={0} step={PRICE_STEP} {...number} />)}
                  {item('buy_range_quantity', 'Buy Quantity', <InputNumber min={1} precision={0} {...number} />)}
                  {options &&
                    item('sell_instruction', 'Sell Instruction', <Select options={choices(SELL_INSTRUCTIONS)} />)}
                  {item('target_range', 'Target Range', <InputNumber min={0} step={PRICE_STEP} {...number} />)}
                  {item('target_range_quantity', 'Sell Quantity', <InputNumber min={1} precision={0} {...number} />)}
                  {options && item('expiration', 'Expiration', <Input placeholder="YYYY-MM-DD" maxLength={10} />)}
                  {options &&
                    item('strike', 'Strike', <InputNumber min={1} max={STRIKE_MAX} step={STRIKE_STEP} {...number} />)}
                  {options && item('call_or_put', 'Call or Put', <Select options={choices(CALL_OR_PUT)} />)}
                </Flex>
              </Card>
            );
          })}
          {/* The list's own issues (no range at all) under its button, styled as a field's. */}
          <Form.Item style={{ marginBottom: 0 }}>
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={fields.length >= EXTRA_RANGES_MAX}
              onClick={() => add(emptyRange())}
            >
              Add range
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
        </Flex>
      )}
    </Form.List>
  );
}
