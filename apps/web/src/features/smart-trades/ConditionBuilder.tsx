import type { CSSProperties, ReactNode } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, InputNumber, Select, Tag, theme, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import {
  ACTION_PRICE_TYPES,
  ACTION_SIGNS,
  ACTION_TYPES,
  ACTION_VALUE_STEP,
  CONDITION_OUTCOMES,
  CONDITION_TYPES,
  INTERVALS,
  PRICE_STEP,
  PRICE_TYPES,
  TA_PARAMETERS,
  TA_TIME_PERIOD_MAX,
  TRADE_MSG,
  type ConditionItem,
  type ConditionRow,
  type ConditionType,
} from '@drat/contracts';
import { formatPrice } from '../../lib/format';
import {
  addConditionItem,
  addConditionRow,
  deleteConditionItem,
  distinctIndicators,
  indicatorKey,
  itemLabels,
  orderChoices,
  ruleFieldShown,
  wordsOf,
  type Indicator,
  type RowsChange,
} from './conditionRows';
import { useIndicatorValue } from './queries';
// The live quotes' flash, held for the 2 seconds of §4.
import flash from '../../components/LiveNumber.module.css';

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: wordsOf(value) }));
const IS = [
  { value: true, label: 'is' },
  { value: false, label: 'is not' },
];
const FILLED = [
  { value: true, label: 'filled' },
  { value: false, label: 'not filled' },
];
const TYPE_TITLES: Record<ConditionType, string> = {
  Price: 'Price',
  TA: 'TA',
  'Order Filled': 'Order Filled',
  ACTION: 'Action',
};
const wide = { style: { width: '100%' } } as const;

const newUuid = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

interface BuilderProps {
  /** The ranges conditions may name (buy_range_N, sell_range_N). */
  rangeCount: number;
  /** The ticker whose indicator values are shown (looked up and known), or null. */
  ticker: string | null;
  /** Told after the builder changed the rows itself (adding, deleting). */
  onChanged: () => void;
}

/**
 * The condition rows of an advanced trade (2-trading §3 "Condition", §4 "Condition rows"): each row
 * IF a condition AND more, THEN one action; buttons add a Price, TA, Order Filled or Action item to
 * a row (the §4 rules refuse with a toast), 'Add row' adds a row. Below, the value now of each
 * indicator the rows compare, highlighted for 2 seconds when it comes.
 */
export function ConditionBuilder({ rangeCount, ticker, onChanged }: BuilderProps) {
  const form = Form.useFormInstance();
  const { message } = useApp();
  const rowsNow = (): ConditionRow[] => form.getFieldValue('conditions') ?? [];
  const apply = (change: RowsChange | ConditionRow[]) => {
    if ('error' in change) {
      void message.warning(change.error);
      return;
    }
    form.setFieldValue('conditions', Array.isArray(change) ? change : change.rows);
    onChanged();
  };
  const orders = orderChoices(rangeCount);

  return (
    <Form.List name="conditions">
      {(rowFields, _ops, { errors }) => (
        <Flex vertical gap={8}>
          {rowFields.map((rowField, rowIndex) => (
            <Card
              key={rowField.key}
              size="small"
              title={`Condition row ${rowIndex + 1}`}
              extra={
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Delete condition row ${rowIndex + 1}`}
                  onClick={() => apply(rowsNow().toSpliced(rowIndex, 1))}
                />
              }
            >
              <Form.List name={[rowField.name]}>
                {(itemFields, _itemOps, { errors: rowErrors }) => (
                  <Flex vertical gap={8}>
                    {itemFields.map((itemField, itemIndex) => (
                      <ConditionItemFields
                        key={itemField.key}
                        rowIndex={rowIndex}
                        itemIndex={itemIndex}
                        orders={orders}
                        onDelete={() => apply(deleteConditionItem(rowsNow(), rowIndex, itemIndex))}
                      />
                    ))}
                    {/* The row's own issues (no action, …) under its buttons, styled as a field's. */}
                    <Form.Item style={{ marginBottom: 0 }}>
                      <Flex gap={8} wrap>
                        {CONDITION_TYPES.map((type) => (
                          <Button
                            key={type}
                            size="small"
                            icon={<PlusOutlined />}
                            onClick={() => apply(addConditionItem(rowsNow(), rowIndex, type, rangeCount, newUuid()))}
                          >
                            {TYPE_TITLES[type]}
                          </Button>
                        ))}
                      </Flex>
                      <Form.ErrorList errors={rowErrors} />
                    </Form.Item>
                  </Flex>
                )}
              </Form.List>
            </Card>
          ))}
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => apply(addConditionRow(rowsNow()))}>
              Add row
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
          {ticker && <IndicatorValues ticker={ticker} />}
        </Flex>
      )}
    </Form.List>
  );
}

/** One item of a row: its label (IF, AND, THEN), its rules' fields, and a delete button. */
function ConditionItemFields({
  rowIndex,
  itemIndex,
  orders,
  onDelete,
}: {
  rowIndex: number;
  itemIndex: number;
  orders: { value: string; label: string }[];
  onDelete: () => void;
}) {
  const form = Form.useFormInstance();
  const { token } = theme.useToken();
  const row: ConditionRow = Form.useWatch(['conditions', rowIndex], { form, preserve: true }) ?? [];
  const item: ConditionItem | undefined = row[itemIndex];
  if (!item) return null;
  const label = itemLabels(row)[itemIndex];
  const field = (key: string, title: string, control: ReactNode) =>
    ruleFieldShown(item, key) && (
      <Form.Item
        key={key}
        name={[itemIndex, 'rules', key]}
        label={title}
        style={{ flex: '1 1 110px', marginBottom: 8 }}
      >
        {control}
      </Form.Item>
    );
  const select = (values: readonly string[]) => <Select options={choices(values)} popupMatchSelectWidth={false} />;
  const period = <InputNumber min={1} max={TA_TIME_PERIOD_MAX} precision={0} {...wide} />;
  const price = <InputNumber min={0} step={PRICE_STEP} {...wide} />;
  let fields: ReactNode[];
  switch (item.conditionType) {
    case 'Price':
      fields = [
        field('priceType', 'Price', select(PRICE_TYPES)),
        field('is', 'Is', <Select options={IS} />),
        field('outComeSelected', 'Outcome', select(CONDITION_OUTCOMES)),
        field('technicalParameter', 'Compared with', select(TA_PARAMETERS)),
        field('value', 'Value', price),
        field('timePeriod', 'Time period', period),
        field('interval', 'Interval', select(INTERVALS)),
      ];
      break;
    case 'TA':
      fields = [
        field('technicalParameter', 'Indicator', select(TA_PARAMETERS)),
        field('timePeriod', 'Time period', period),
        field('interval', 'Interval', select(INTERVALS)),
        field('is', 'Is', <Select options={IS} />),
        field('outComeSelected', 'Outcome', select(CONDITION_OUTCOMES)),
        field('technicalParameterRight', 'Indicator', select(TA_PARAMETERS)),
        field('timePeriodRight', 'Time period', period),
        field('intervalRight', 'Interval', select(INTERVALS)),
        field('priceType', 'Price (VALUE)', select(PRICE_TYPES)),
      ];
      break;
    case 'Order Filled':
      fields = [
        field('selectedOrder', 'Order', <Select options={orders} />),
        field('is', 'Is', <Select options={IS} />),
        field('filled', 'Filled', <Select options={FILLED} />),
      ];
      break;
    case 'ACTION':
      fields = [
        field('type', 'Action', select(ACTION_TYPES)),
        field('selectedOrder', 'Order', <Select options={orders} />),
        field('priceType', 'At', select(ACTION_PRICE_TYPES)),
        field('customPrice', 'Custom price', price),
        field('actionSign', 'Sign', select(ACTION_SIGNS)),
        field('actionSignValue', 'By', <InputNumber min={0} step={ACTION_VALUE_STEP} {...wide} />),
      ];
      break;
  }
  return (
    <div style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: 8 }}>
      <Flex justify="space-between" align="center">
        <span>
          <Tag color={label === 'THEN' ? 'green' : 'blue'}>{label}</Tag>
          <Typography.Text strong>{TYPE_TITLES[item.conditionType]}</Typography.Text>
        </span>
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Delete ${TYPE_TITLES[item.conditionType]} of row ${rowIndex + 1}`}
          onClick={onDelete}
        />
      </Flex>
      <Flex gap={8} wrap>
        {fields}
      </Flex>
    </div>
  );
}

/** The value now of each distinct indicator of the rows (§4: one look-up each). */
function IndicatorValues({ ticker }: { ticker: string }) {
  const form = Form.useFormInstance();
  const rows: ConditionRow[] = Form.useWatch('conditions', { form, preserve: true }) ?? [];
  const indicators = distinctIndicators(rows);
  if (indicators.length === 0) return null;
  return (
    <Flex gap={12} wrap aria-label="Indicator values">
      {indicators.map((indicator) => (
        <IndicatorValue key={indicatorKey(indicator)} ticker={ticker} indicator={indicator} />
      ))}
    </Flex>
  );
}

function IndicatorValue({ ticker, indicator }: { ticker: string; indicator: Indicator }) {
  const { token } = theme.useToken();
  const { data, isError, dataUpdatedAt } = useIndicatorValue(ticker, indicator);
  const name = `${indicator.parameter} ${indicator.timePeriod} · ${indicator.interval}`;
  return (
    <Typography.Text type="secondary">
      {name}:{' '}
      {isError ? (
        <Typography.Text type="danger">{TRADE_MSG.technicalsFailed}</Typography.Text>
      ) : (
        // Re-keyed on each answer, which restarts the 2-second highlight.
        <span
          key={dataUpdatedAt}
          className={data ? flash.flash : undefined}
          style={{ '--flash': token.colorWarningBorder, animationDuration: '2s' } as CSSProperties}
        >
          {data ? formatPrice(data.value) : '…'}
        </span>
      )}
    </Typography.Text>
  );
}
