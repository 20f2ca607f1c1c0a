import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import type { Dayjs } from 'dayjs';
import {
  Alert,
  DatePicker,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Typography,
  type FormRule,
  type SelectProps,
} from 'antd';
import {
  BOT_ENTRY_REFERENCES,
  BOT_NAME_MAX,
  BOT_OPTIONS_STRATEGIES,
  BOT_REFERENCE_LABELS,
  BOT_SECTORS,
  BOT_SIGNS,
  BOT_STOP_REFERENCES,
  TRADE_NOTE_MAX,
  isOptionsCategory,
} from '@drat/contracts';
import { ruleText } from './botWords';
import { fieldMessage, pickSectors, splitShown, type BotField, type BotFormValues, type KeptDates } from './botForm';

/**
 * The sections of the bot form (3-bots-admin-public §2.1 "Bot form sections", in its order), each
 * field under the server's name with the contracts' message for it (botForm.fieldMessage).
 */

/** What every field's rule reads: New York's today and the dates the bot had (Update). */
export const BotRulesContext = createContext<{ today: string; kept: KeptDates }>({ today: '', kept: {} });

/** A field's rule: the message the contracts' schema gives on it for the whole form as it stands. */
function useRule(field: BotField): FormRule {
  const { today, kept } = useContext(BotRulesContext);
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const message = fieldMessage(getFieldsValue(true) as BotFormValues, field, today, kept);
      if (message !== null) throw new Error(message);
    },
  });
}

const CELL: CSSProperties = { flex: '1 1 150px', minWidth: 0, marginBottom: 12 };

/** One field of the form: its label, its rule and the fields whose change checks it again. */
function Field({
  name,
  label,
  deps,
  help,
  style,
  children,
}: {
  name: BotField;
  label: ReactNode;
  deps?: BotField[];
  help?: ReactNode;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const rule = useRule(name);
  return (
    <Form.Item name={name} label={label} rules={[rule]} dependencies={deps} extra={help} style={{ ...CELL, ...style }}>
      {children}
    </Form.Item>
  );
}

/** A switch with its words beside it (the sections' "enable" switches). */
function SwitchField({ name, label, deps }: { name: BotField; label: string; deps?: BotField[] }) {
  const rule = useRule(name);
  return (
    <Flex align="center" gap={10} style={{ marginBottom: 12 }}>
      <Form.Item name={name} valuePropName="checked" rules={[rule]} dependencies={deps} noStyle>
        <Switch aria-label={label} />
      </Form.Item>
      <Typography.Text>{label}</Typography.Text>
    </Flex>
  );
}

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Divider titlePlacement="start" style={{ marginTop: 8 }}>
        {title}
      </Divider>
      {hint && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8, fontSize: 13 }}>
          {hint}
        </Typography.Paragraph>
      )}
      {children}
    </section>
  );
}

const Row = ({ children }: { children: ReactNode }) => (
  <Flex wrap style={{ columnGap: 12 }}>
    {children}
  </Flex>
);

const full = { width: '100%' } as const;
/** A percent from 0 to 100, its input named by its label. */
const PercentField = ({ name, label }: { name: BotField; label: string }) => (
  <Field name={name} label={label}>
    <InputNumber min={0} max={100} step={1} suffix="%" style={full} aria-label={label} />
  </Field>
);
const moneyInput = (min: number) => <InputNumber min={min} step={1} prefix="$" style={full} />;
const countInput = (min: number) => <InputNumber min={min} step={1} precision={0} style={full} />;

const SIGN_OPTIONS = BOT_SIGNS.map((s) => ({ value: s, label: s === 'plus' ? 'plus' : 'minus' }));
const ENTRY_REFERENCES = BOT_ENTRY_REFERENCES.map((r) => ({ value: r, label: BOT_REFERENCE_LABELS[r] }));
const STOP_REFERENCES = BOT_STOP_REFERENCES.map((r) => ({ value: r, label: BOT_REFERENCE_LABELS[r] }));
const SECTOR_OPTIONS = BOT_SECTORS.map((s) => ({ value: s, label: s }));
const STRATEGY_OPTIONS = BOT_OPTIONS_STRATEGIES.map((s) => ({ value: s, label: s === '' ? 'ALL' : s }));

/** A day picker for a YYYY-MM-DD field: days before New York's today cannot be picked (§5). */
function DayPicker({ allowClear = false, ...rest }: { allowClear?: boolean; 'aria-label'?: string }) {
  const { today } = useContext(BotRulesContext);
  return (
    <DatePicker
      {...rest}
      allowClear={allowClear}
      format="MMM D, YYYY"
      style={full}
      disabledDate={(d: Dayjs) => d.format('YYYY-MM-DD') < today}
      inputReadOnly
    />
  );
}

export interface BotFormChoices {
  accounts: SelectProps['options'];
  accountsLoading: boolean;
  accountHelp?: ReactNode;
  categories: SelectProps['options'];
}

/** The form's fields, section by section (§2.1). */
export function BotFormSections({ choices }: { choices: BotFormChoices }) {
  const form = Form.useFormInstance<BotFormValues>();
  const watch = { form, preserve: true } as const;
  const category = Form.useWatch('trade_category', watch);
  const trailing = Form.useWatch('set_trailing_profit', watch);
  const entryPrices = Form.useWatch('set_entry_prices', watch);
  const stopPrice = Form.useWatch('set_stop_loss_entry_price', watch);
  const sharesOuts = Form.useWatch('set_shares_outs', watch);
  const sharesFloat = Form.useWatch('set_shares_float', watch);
  const averageVolume = Form.useWatch('set_average_volume', watch);
  const openInterest = Form.useWatch('set_open_interest', watch);
  const optionsVolume = Form.useWatch('set_options_volume', watch);
  const entryOne = Form.useWatch('low_buy_range_proportion', watch);
  const entryTwo = Form.useWatch('high_buy_range_proportion', watch);
  const options = category ? isOptionsCategory(category) : null;

  return (
    <>
      <Section title="Identity and account">
        <Row>
          <Field name="bot_name" label="Bot name" style={{ flexBasis: '100%' }}>
            <Input maxLength={BOT_NAME_MAX} placeholder="e.g. Swing alerts, half size" autoComplete="off" />
          </Field>
        </Row>
        <Row>
          <Field name="account_id" label="Brokerage account" help={choices.accountHelp}>
            <Select options={choices.accounts} loading={choices.accountsLoading} />
          </Field>
          <Field name="trade_category" label="Trade category">
            <Select options={choices.categories} placeholder="Choose an alert type" showSearch />
          </Field>
        </Row>
        <Row>
          <Field name="alerts_from_date" label="Alerts from" deps={['alerts_to_date']}>
            <DayPicker />
          </Field>
          <Field name="alerts_to_date" label="Alerts to" deps={['alerts_from_date']}>
            <DayPicker />
          </Field>
        </Row>
      </Section>

      <Section
        title="Risk filters"
        hint="Risk is the fall from the top of the buy range to the stop loss; reward, the rise from there to the top target, both as a percent of the top of the buy range."
      >
        <Row>
          <PercentField name="risk_at_most" label="Risk at most" />
          <PercentField name="reward_at_least" label="Reward at least" />
        </Row>
      </Section>

      <Section title="Capital">
        <Row>
          <Field name="amount_invested_per_trade" label="Amount per trade" deps={['max_total_amount_set_to_invest']}>
            {moneyInput(1)}
          </Field>
          <Field
            name="max_total_amount_set_to_invest"
            label="Maximum total amount"
            deps={['amount_invested_per_trade']}
          >
            {moneyInput(1)}
          </Field>
        </Row>
        <Row>
          <Field name="max_no_of_trades" label="Maximum number of trades">
            {countInput(1)}
          </Field>
          <Field name="daily_trade_limit" label="Daily trade limit" help="Trades a day, counted in New York days.">
            {countInput(1)}
          </Field>
        </Row>
      </Section>

      <Section title="Trailing profit">
        <SwitchField
          name="set_trailing_profit"
          label="Use a trailing profit"
          deps={['trailing_profit', 'new_trailing_profit', 'trigger_percent']}
        />
        {trailing && (
          <Row>
            <Field name="trailing_profit" label="Trailing profit" deps={['set_trailing_profit']}>
              <InputNumber min={1} step={1} suffix="%" style={full} />
            </Field>
            <Field name="new_trailing_profit" label="New trailing profit" deps={['set_trailing_profit']}>
              <InputNumber min={1} step={1} suffix="%" style={full} />
            </Field>
            <Field name="trigger_percent" label="Trigger percent" deps={['set_trailing_profit']}>
              <InputNumber min={1} step={1} suffix="%" style={full} />
            </Field>
          </Row>
        )}
      </Section>

      <Section
        title="Entry and exit sizes"
        hint="The share of the amount per trade bought at each entry. Entry 1 and Entry 2 always add up to 100%, and the exits mirror them."
      >
        <Row>
          <PercentField name="low_buy_range_proportion" label="Entry 1 size" />
          <PercentField name="high_buy_range_proportion" label="Entry 2 size" />
        </Row>
        <Row>
          <PercentField name="low_target_range_proportion" label="Exit 1 size" />
          <PercentField name="high_target_range_proportion" label="Exit 2 size" />
        </Row>
        {splitShown({ low_buy_range_proportion: entryOne ?? null, high_buy_range_proportion: entryTwo ?? null }) && (
          <SwitchField
            name="split_100_percent_buy_range_shares_into_half_exit_ranges"
            label="Split the 100% entry into half exit ranges"
          />
        )}
      </Section>

      <Section title="Entry price rule" hint="Off: the bot buys at the alert's buy ranges.">
        <SwitchField name="set_entry_prices" label="Set the entry prices myself" />
        {entryPrices && (
          <>
            <PriceRule
              label="Entry 1 price"
              reference="entry_one_parameter"
              sign="entry_one_sign"
              offset="entry_one_adder"
              references={ENTRY_REFERENCES}
              words="Entry 1 buys at"
            />
            <PriceRule
              label="Entry 2 price"
              reference="entry_two_parameter"
              sign="entry_two_sign"
              offset="entry_two_adder"
              references={ENTRY_REFERENCES}
              words="Entry 2 buys at"
            />
          </>
        )}
      </Section>

      <Section title="Stop-loss rule" hint="Off: the bot uses the alert's stop loss.">
        <SwitchField name="set_stop_loss_entry_price" label="Set the stop-loss price myself" />
        {stopPrice && (
          <PriceRule
            label="Stop-loss price"
            reference="stop_loss_entry_parameter"
            sign="stop_loss_entry_sign"
            offset="stop_loss_entry_adder"
            references={STOP_REFERENCES}
            words="The stop loss is at"
          />
        )}
      </Section>

      <Section title="Targets and notes">
        <SwitchField name="strict_target_price" label="Strict target price" />
        <Field name="trading_notes" label="Trading notes" style={{ flexBasis: '100%' }}>
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 12 }} maxLength={TRADE_NOTE_MAX} showCount />
        </Field>
      </Section>

      <Section
        title="Alert price filter"
        hint="The bot takes alerts priced above the first amount and below the second."
      >
        <Row>
          <Field name="alert_price_greater_than" label="Greater than" deps={['alert_price_less_than']}>
            {moneyInput(0)}
          </Field>
          <Field name="alert_price_less_than" label="Less than" deps={['alert_price_greater_than']}>
            {moneyInput(0)}
          </Field>
        </Row>
      </Section>

      {options === null && (
        <Alert type="info" showIcon title="Choose a trade category to see the filters of its alerts." />
      )}
      {options === false && (
        <Section title="Share and sector filters">
          <RangeFilter
            on={sharesOuts}
            toggle="set_shares_outs"
            toggleLabel="Filter by shares outstanding"
            least="least_shares_outs"
            most="max_shares_outs"
            leastLabel="Least shares outstanding"
            mostLabel="Most shares outstanding"
          />
          <RangeFilter
            on={sharesFloat}
            toggle="set_shares_float"
            toggleLabel="Filter by shares float"
            least="least_shares_float"
            most="max_shares_float"
            leastLabel="Least shares float"
            mostLabel="Most shares float"
          />
          <RangeFilter
            on={averageVolume}
            toggle="set_average_volume"
            toggleLabel="Filter by average volume"
            least="least_average_volume"
            most="max_average_volume"
            leastLabel="Least average volume"
            mostLabel="Most average volume"
          />
          <Form.Item
            name="selected_sectors"
            label="Sectors"
            normalize={(next: string[] | undefined, previous: string[] | undefined) =>
              pickSectors(previous ?? [], next ?? [])
            }
            style={{ marginBottom: 12 }}
          >
            <Select mode="multiple" options={SECTOR_OPTIONS} allowClear={false} />
          </Form.Item>
        </Section>
      )}
      {options === true && (
        <Section title="Options filters">
          <RangeFilter
            on={openInterest}
            toggle="set_open_interest"
            toggleLabel="Filter by open interest"
            least="open_interest_greater_than"
            most="open_interest_less_than"
            leastLabel="Open interest from"
            mostLabel="Open interest to"
          />
          <RangeFilter
            on={optionsVolume}
            toggle="set_options_volume"
            toggleLabel="Filter by options volume"
            least="min_options_volume"
            most="max_options_volume"
            leastLabel="Least options volume"
            mostLabel="Most options volume"
          />
          <Row>
            <Field name="expiration_from_date" label="Expiration from" deps={['expiration_to_date']}>
              <DayPicker allowClear />
            </Field>
            <Field name="expiration_to_date" label="Expiration to" deps={['expiration_from_date']}>
              <DayPicker allowClear />
            </Field>
          </Row>
          <Field name="options_strategy" label="Options strategy" style={{ maxWidth: 320 }}>
            <Select options={STRATEGY_OPTIONS} />
          </Field>
        </Section>
      )}
    </>
  );
}

/** A filter with its enable switch and, while on, its least and most (§2.1). */
function RangeFilter(props: {
  on: boolean | undefined;
  toggle: BotField;
  toggleLabel: string;
  least: BotField;
  most: BotField;
  leastLabel: string;
  mostLabel: string;
}) {
  return (
    <>
      <SwitchField name={props.toggle} label={props.toggleLabel} />
      {props.on && (
        <Row>
          <Field name={props.least} label={props.leastLabel} deps={[props.most]}>
            {countInput(0)}
          </Field>
          <Field name={props.most} label={props.mostLabel} deps={[props.least]}>
            {countInput(0)}
          </Field>
        </Row>
      )}
    </>
  );
}

/**
 * A price rule (§2.1 "Entry price rule", "Stop-loss entry rule"): its reference, sign and offset
 * on one line, read as a sentence under it ("Entry 1 buys at last price minus $0.05").
 */
function PriceRule(props: {
  label: string;
  reference: BotField;
  sign: BotField;
  offset: BotField;
  references: SelectProps['options'];
  words: string;
}) {
  const form = Form.useFormInstance<BotFormValues>();
  const rules = { reference: useRule(props.reference), sign: useRule(props.sign), offset: useRule(props.offset) };
  const reference = Form.useWatch(props.reference, form) as string | undefined;
  const sign = Form.useWatch(props.sign, form) as 'plus' | 'minus' | undefined;
  const offset = Form.useWatch(props.offset, form) as number | null | undefined;
  const sentence =
    reference && sign && typeof offset === 'number'
      ? `${props.words} ${ruleText(sign, reference, offset).toLowerCase()}.`
      : undefined;
  return (
    <Form.Item label={props.label} extra={sentence} style={{ marginBottom: 12 }}>
      <Space.Compact block>
        <Form.Item name={props.reference} rules={[rules.reference]} noStyle>
          <Select aria-label={`${props.label}: starts from`} options={props.references} style={{ width: '40%' }} />
        </Form.Item>
        <Form.Item name={props.sign} rules={[rules.sign]} noStyle>
          <Select aria-label={`${props.label}: plus or minus`} options={SIGN_OPTIONS} style={{ width: '28%' }} />
        </Form.Item>
        <Form.Item name={props.offset} rules={[rules.offset]} noStyle>
          <InputNumber aria-label={`${props.label}: offset`} min={0} step={0.01} prefix="$" style={{ width: '32%' }} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
