import { DatePicker, Flex, Form, Input, InputNumber, Select, Switch, type FormRule } from 'antd';
import { TRADE_NOTE_MAX, TRADE_TIME_ZONE, TRAILING_MIN } from '@drat/contracts';

const TRAILING_FIELDS = [
  ['trailing_profit', 'Trailing Profit %'],
  ['new_trailing_profit', 'New Trailing Profit %'],
  ['trigger_percent', 'Trigger Percent %'],
] as const;

/**
 * The settings every trade drawer ends with (2-trading §3, §5.1-§5.3): the trailing profit switch
 * and its three percents (at least 1), cancel if not filled by a date and time (New York time, the
 * zone shown and fixed), and the notes (at most 2000 characters, 6 to 12 rows). The field names are
 * the trade body's; the cancel-by picker's is `cancelByName` (its value a dayjs).
 */
export function TradeSettingsFields({
  cancelByName,
  checked,
}: {
  cancelByName: string;
  /** A drawer that checks each field by its rules while typing: the field's name, rules and dependencies. */
  checked?: (name: string) => { name: string; rules: FormRule[]; dependencies: string[] };
}) {
  const item = (name: string) => checked?.(name) ?? { name };
  const form = Form.useFormInstance();
  const trailing = Form.useWatch('set_trailing_profit', form);
  const cancelBy = Form.useWatch('setCancelIfNotFilledBy', form);
  return (
    <>
      <Form.Item name="set_trailing_profit" label="Trailing Profit" valuePropName="checked">
        <Switch />
      </Form.Item>
      {trailing && (
        <Flex gap={12} wrap>
          {TRAILING_FIELDS.map(([name, label]) => (
            <Form.Item key={name} {...item(name)} label={label} style={{ flex: '1 1 150px' }}>
              <InputNumber min={TRAILING_MIN} style={{ width: '100%' }} />
            </Form.Item>
          ))}
        </Flex>
      )}
      <Form.Item name="setCancelIfNotFilledBy" label="Cancel if not filled by" valuePropName="checked">
        <Switch />
      </Form.Item>
      {cancelBy && (
        <Flex gap={12} wrap>
          <Form.Item {...item(cancelByName)} label="Date and time" style={{ flex: '1 1 220px' }}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Time zone" style={{ flex: '1 1 180px' }}>
            <Select value={TRADE_TIME_ZONE} options={[{ value: TRADE_TIME_ZONE }]} disabled />
          </Form.Item>
        </Flex>
      )}
      <Form.Item name="trade_notes" label="Trade Notes">
        <Input.TextArea autoSize={{ minRows: 6, maxRows: 12 }} maxLength={TRADE_NOTE_MAX} showCount />
      </Form.Item>
    </>
  );
}
