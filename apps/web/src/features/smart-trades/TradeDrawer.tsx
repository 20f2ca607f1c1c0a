import { useRef, useState } from 'react';
import { Button, Drawer, Flex, Form, Input, InputNumber, Modal, Select, Space, Tooltip, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import {
  OPTION_STRATEGIES,
  STRIKE_MAX,
  STRIKE_STEP,
  TRADE_MSG,
  UNKNOWN_PRICE,
  basicTradeBody,
  type BasicTradeInput,
} from '@drat/contracts';
import { fetchStockPrice } from '../../api/market';
import { fetchOptionPrice, fetchTemplateEntries } from '../../api/trading';
import { useSession } from '../../app/session';
import { applyServerErrors } from '../../lib/formErrors';
import { formatPrice } from '../../lib/format';
import { useTradeAccount } from '../brokerage';
import { splitTotal, totalOf } from './amounts';
import { ReplayButton } from './ReplayButton';
import { TradeSettingsFields } from './TradeSettingsFields';
import { usePlaceTrade, useSaveDraftTrade } from './mutations';
import { useTradeTemplates } from './queries';
import {
  FORM_FIELDS,
  bodyOf,
  estimateOf,
  formFieldOf,
  initialValues,
  type TradeFormValues,
  type TradeSource,
} from './tradeForm';

type Values = TradeFormValues;

const TITLES: Record<TradeSource['kind'], string> = {
  alert: 'Trade',
  dione: 'Trade',
  custom: 'Basic Smart Trade',
  trade: 'Trade',
};

/** The option price labels of §4: 0, -500 or Unknown hide them. */
const shownPrice = (n: number | undefined) => (n === undefined || n === 0 || n === UNKNOWN_PRICE ? null : n);

/**
 * The basic trade drawer (2-trading §2.4, §4 "Drawers", §5.1, §5.2): an alert's levels, a custom
 * trade (live traders: a ticker looked up on blur, super users may fill it from a template), or a
 * trade of the list traded again (a draft, a retrade, a copy). Shares or an options strategy;
 * amount splitting; trailing profit; cancel-if-not-filled; then a confirmation with the estimates.
 * Live traders trade on their brokerage account and may save a draft; others on the demo account.
 * The contracts' schema checks the form before anything is sent; the server's answers land on the
 * fields they name.
 */
/** The fields the contracts' rules are said on while typing (each depends on the others). */
const CHECKED_FIELDS: (keyof Values)[] = [
  'singleStrike',
  'singleExpiration',
  'legOneStrike',
  'legTwoStrike',
  'legsExpiration',
  'buy_range_low',
  'buy_range_high',
  'target_range_low',
  'target_range_high',
  'stop_loss',
  'total',
  'amount_buy_range_low',
  'amount_buy_range_high',
  'trailing_profit',
  'new_trailing_profit',
  'trigger_percent',
  'cancelBy',
];

export function TradeDrawer(props: { source: TradeSource | null; onClose: () => void }) {
  // A new source starts a new form: its look-ups, template and checks start afresh.
  return <TradeDrawerFor key={keyOf(props.source)} {...props} />;
}

function keyOf(s: TradeSource | null): string {
  if (s === null) return 'closed';
  if (s.kind === 'alert') return `alert-${s.alert.id}`;
  if (s.kind === 'trade') return `${s.as}-${s.trade.id}`;
  if (s.kind === 'dione') return `dione-${s.levels.ticker}-${s.levels.buy_range_low}`;
  return `custom-${s.template ?? ''}`;
}

function TradeDrawerFor({ source, onClose }: { source: TradeSource | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const session = useSession();
  const live = session?.is_live_trader === true;
  const isSuper = session?.is_super === true;
  const [confirming, setConfirming] = useState<BasicTradeInput | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [quote, setQuote] = useState<{ price: number; name: string } | null>(null);
  const [premiums, setPremiums] = useState<{ single?: number; one?: number; two?: number } | null>(null);
  // A template chosen from its menu ('Use') fills the prices once the symbol is entered.
  const [template, setTemplate] = useState<number | null>(source?.kind === 'custom' ? (source.template ?? null) : null);
  const narrow = typeof window !== 'undefined' && window.innerWidth < 500;
  const custom = source?.kind === 'custom';

  const { account, field: accountField } = useTradeAccount(
    live && !!source,
    source?.kind === 'trade' ? source.trade.account_id : undefined,
  );
  const templates = useTradeTemplates(custom && isSuper);

  const done = (reply: { message: string }) => {
    void message.success(reply.message);
    setConfirming(null);
    onClose();
  };
  const failed = (err: unknown) => {
    setConfirming(null);
    for (const text of applyServerErrors(form, err, [...FORM_FIELDS, 'legOneExpiration', 'expiryDateTime']))
      void message.error(text);
  };
  // Both read the trade lists again (mutations.ts).
  const place = usePlaceTrade(live, account, { onSuccess: done, onError: failed });
  const draft = useSaveDraftTrade({ onSuccess: done, onError: failed });

  /** The form checked by the contracts' schema as it is now: the body when it passes, each issue by field. */
  const schemaCheck = () => {
    const body = bodyOf(source!, form.getFieldsValue(true) as Values, template !== null);
    const parsed = basicTradeBody.safeParse(body);
    const byField = new Map<keyof Values, string[]>();
    const general: string[] = [];
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = formFieldOf(String(issue.path[0] ?? ''));
      if (field) byField.set(field, [...(byField.get(field) ?? []), issue.message]);
      else general.push(issue.message);
    }
    return { body: parsed.success ? body : null, byField, general };
  };
  /** Trade or Save was pressed: empty fields say they are needed from now on. */
  const submitted = useRef(false);
  /**
   * A field's rule (§5.1, §5.2): the schema's words for it as soon as it holds a value, so a rule
   * across fields shows once its values are entered (each such field depends on the others, so all
   * are checked again when one changes); an empty field asks for itself (`required`) once typed in
   * or once Trade was pressed. 'Please check your inputs' replaces the buttons while any field
   * shows an issue (onFieldsChange).
   */
  const checked = (name: keyof Values, required?: string) => ({
    name,
    dependencies: CHECKED_FIELDS.filter((f) => f !== name),
    rules: [
      {
        validator: async (_rule: unknown, value: unknown) => {
          const said = schemaCheck().byField.get(name) ?? [];
          if (value === undefined || value === null || value === '') {
            const asked = required ?? said[0];
            if (asked && (submitted.current || form.isFieldTouched(name))) throw new Error(asked);
            return;
          }
          if (said.length > 0) throw new Error(said[0]);
        },
      },
    ],
  });
  /** The body when every rule passes (the rest of the issues toasted), else null. */
  const checkedBody = async (): Promise<BasicTradeInput | null> => {
    submitted.current = true;
    const fine = await form.validateFields().then(
      () => true,
      () => false,
    );
    const { body, general } = schemaCheck();
    for (const text of general) void message.error(text);
    return fine ? body : null;
  };

  const onValues = (changed: Partial<Values>, all: Values) => {
    if ('total' in changed) {
      const { low, high } = splitTotal(all.total ?? 0);
      form.setFieldsValue({ amount_buy_range_low: low, amount_buy_range_high: high });
    } else if ('amount_buy_range_low' in changed || 'amount_buy_range_high' in changed) {
      form.setFieldsValue({ total: totalOf(all.amount_buy_range_low, all.amount_buy_range_high) });
    }
  };

  /** §4 "Live price fields": the price and name when the symbol loses focus. */
  const lookUpPrice = async () => {
    const ticker = String(form.getFieldValue('ticker') ?? '')
      .trim()
      .toUpperCase();
    if (!ticker) return setQuote(null);
    try {
      const r = await fetchStockPrice(ticker);
      setQuote(r.LivePrice === UNKNOWN_PRICE ? null : { price: r.LivePrice, name: r.Name });
      if (template !== null && r.LivePrice !== UNKNOWN_PRICE) await applyTemplate(template);
    } catch {
      setQuote(null); // look-ups show nothing on failure (§7)
    }
  };

  /** The option price look-up, once the expiry and the strikes the strategy needs are filled in. */
  const lookUpPremiums = async () => {
    const v = form.getFieldsValue(true) as Values;
    const ticker = v.ticker.trim().toUpperCase();
    if (!ticker || !v.strategy) return setPremiums(null);
    const single = v.strategy === 'BUY CALL' || v.strategy === 'BUY PUT';
    const ready = single
      ? v.singleStrike && v.singleExpiration
      : v.legOneStrike && v.legsExpiration && (v.strategy === 'STRADDLE' || v.legTwoStrike);
    if (!ready) return setPremiums(null);
    try {
      const r = await fetchOptionPrice({
        ticker,
        strategy: v.strategy,
        ...(single
          ? { single_strike: v.singleStrike!, single_expiration_date: v.singleExpiration }
          : {
              leg_one_strike: v.legOneStrike!,
              leg_two_strike: v.strategy === 'STRADDLE' ? v.legOneStrike! : v.legTwoStrike!,
              two_legs_expiration_date: v.legsExpiration,
            }),
      });
      setPremiums({ single: r.single_leg_price, one: r.leg_one_price, two: r.leg_two_price });
    } catch {
      setPremiums(null);
    }
  };

  /** A template's prices for the ticker now (super users, custom drawer). */
  const applyTemplate = async (id: number) => {
    const ticker = String(form.getFieldValue('ticker') ?? '')
      .trim()
      .toUpperCase();
    if (!ticker) {
      form.setFields([{ name: 'ticker', errors: ['Enter the symbol first.'] }]);
      return;
    }
    try {
      const e = await fetchTemplateEntries(ticker, id);
      form.setFieldsValue({ ...e });
      setTemplate(id);
    } catch {
      setTemplate(null);
    }
  };

  const strategy = Form.useWatch('strategy', form);
  const unit = strategy ? 'Contracts' : 'Shares';
  const price = (name: keyof Values, label: string) => (
    <Form.Item {...checked(name, `Enter the ${label.toLowerCase()}.`)} label={label}>
      <InputNumber min={0} step={0.01} style={{ width: '100%' }} />
    </Form.Item>
  );
  const cell = (node: React.ReactNode, basis = 200) => <div style={{ flex: `1 1 ${basis}px` }}>{node}</div>;
  const estimate = confirming ? estimateOf(confirming) : null;
  const strikeInput = (
    <InputNumber
      min={0}
      step={STRIKE_STEP}
      max={STRIKE_MAX}
      style={{ width: '100%' }}
      onBlur={() => void lookUpPremiums()}
    />
  );
  const premium = (label: string, n: number | undefined) =>
    shownPrice(n) !== null ? (
      <Typography.Text type="secondary">
        {label} {formatPrice(n!)}
      </Typography.Text>
    ) : null;

  return (
    <Drawer
      open={source !== null}
      onClose={onClose}
      title={
        source ? `${TITLES[source.kind]}${source.kind !== 'custom' ? ` ${initialValues(source).ticker}` : ''}` : ''
      }
      width={narrow ? '100%' : 600}
      destroyOnHidden
      extra={live ? accountField : <Typography.Text type="secondary">Demo account</Typography.Text>}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={source ? initialValues(source) : undefined}
        onValuesChange={onValues}
        onFieldsChange={(_changed, fields) => setInvalid(fields.some((f) => (f.errors?.length ?? 0) > 0))}
        onFinish={async () => {
          const body = await checkedBody();
          if (body) setConfirming(body);
        }}
        onFinishFailed={() => {
          submitted.current = true;
        }}
      >
        <Flex gap={12} wrap>
          {cell(
            <Form.Item
              name="ticker"
              label="Symbol"
              extra={
                quote ? `${quote.name ? `${quote.name} · ` : ''}Last price ${formatPrice(quote.price)}` : undefined
              }
              rules={[{ required: true, message: 'Enter the symbol.' }]}
            >
              <Input
                disabled={!custom}
                onBlur={() => void lookUpPrice()}
                style={{ textTransform: 'uppercase' }}
                autoFocus={custom}
              />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="strategy" label="Trade">
              <Select
                disabled={
                  source?.kind === 'alert' ||
                  source?.kind === 'dione' ||
                  (source?.kind === 'trade' && source.as !== 'draft')
                }
                options={[
                  { value: '', label: 'Shares (Equity)' },
                  ...OPTION_STRATEGIES.map((s) => ({ value: s, label: s })),
                ]}
                onChange={() => setPremiums(null)}
              />
            </Form.Item>,
          )}
          {custom && isSuper && (templates.data?.data.length ?? 0) > 0
            ? cell(
                <Form.Item label="Template" htmlFor="trade-template">
                  <Select
                    id="trade-template"
                    placeholder="Use a template"
                    allowClear
                    value={template}
                    onChange={(id: number | undefined) => (id ? void applyTemplate(id) : setTemplate(null))}
                    options={templates.data?.data.map((t) => ({ value: t.id, label: t.name }))}
                  />
                </Form.Item>,
              )
            : null}
        </Flex>
        {(strategy === 'BUY CALL' || strategy === 'BUY PUT') && (
          <Flex gap={12} wrap>
            {cell(
              <Form.Item {...checked('singleStrike')} label="Strike" extra={premium('Premium', premiums?.single)}>
                {strikeInput}
              </Form.Item>,
            )}
            {cell(
              <Form.Item {...checked('singleExpiration')} label="Expiration (YYYY-MM-DD)">
                <Input maxLength={10} onBlur={() => void lookUpPremiums()} />
              </Form.Item>,
            )}
          </Flex>
        )}
        {(strategy === 'STRANGLE' || strategy === 'STRADDLE') && (
          <Flex gap={12} wrap>
            {cell(
              <Form.Item
                {...checked('legOneStrike')}
                label="Leg One Strike (CALL)"
                extra={premium('Premium', premiums?.one)}
              >
                {strikeInput}
              </Form.Item>,
              150,
            )}
            {strategy === 'STRANGLE' &&
              cell(
                <Form.Item
                  {...checked('legTwoStrike')}
                  label="Leg Two Strike (PUT)"
                  extra={premium('Premium', premiums?.two)}
                >
                  {strikeInput}
                </Form.Item>,
                150,
              )}
            {cell(
              <Form.Item {...checked('legsExpiration')} label="Expiration (YYYY-MM-DD)">
                <Input maxLength={10} onBlur={() => void lookUpPremiums()} />
              </Form.Item>,
              150,
            )}
          </Flex>
        )}
        <Flex gap={12} wrap>
          {cell(price('buy_range_low', 'Buy Range Low'))}
          {cell(price('buy_range_high', 'Buy Range High'))}
          {cell(price('target_range_low', 'Target Range Low'))}
          {cell(price('target_range_high', 'Target Range High'))}
          {cell(price('stop_loss', 'Stop Loss'))}
          {cell(
            <Form.Item {...checked('total')} label={`Total ${unit}`}>
              <InputNumber min={1} step={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item {...checked('amount_buy_range_low')} label={`${unit} at Buy Range Low`}>
              <InputNumber min={0} step={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item {...checked('amount_buy_range_high')} label={`${unit} at Buy Range High`}>
              <InputNumber min={0} step={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>,
          )}
        </Flex>
        <TradeSettingsFields
          cancelByName="cancelBy"
          checked={(name) =>
            checked(name as keyof Values, name === 'cancelBy' ? TRADE_MSG.cancelByRequired : undefined)
          }
        />
        {invalid ? (
          <Typography.Text type="danger">{TRADE_MSG.checkInputs}</Typography.Text>
        ) : (
          <Space wrap>
            <Button onClick={onClose}>Cancel</Button>
            {live && (
              <Button
                loading={draft.isPending}
                onClick={async () => {
                  const body = await checkedBody();
                  if (body) draft.mutate(body);
                }}
              >
                Save as Draft
              </Button>
            )}
            {!strategy && <ReplayButton bodyOf={checkedBody} />}
            <Button type="primary" htmlType="submit">
              Trade
            </Button>
          </Space>
        )}
      </Form>
      <Modal
        open={confirming !== null}
        title="Confirm your trade"
        okText="Confirm"
        confirmLoading={place.isPending}
        onOk={() => confirming && place.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming && estimate && (
          <Flex vertical gap={4}>
            <Typography.Text strong>
              {confirming.ticker} · {confirming.strategy ?? 'Shares'} · {live ? account : 'Demo account'}
            </Typography.Text>
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
              <Typography.Text strong>
                Estimated cost {formatPrice(estimate.value)} ·{' '}
                {confirming.strategy ? `Fees ${formatPrice(estimate.fees)}` : 'Commission 0.00'}
              </Typography.Text>
            </Tooltip>
          </Flex>
        )}
      </Modal>
    </Drawer>
  );
}
