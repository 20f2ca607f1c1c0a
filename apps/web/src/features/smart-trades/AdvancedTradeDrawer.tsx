import { useRef, useState } from 'react';
import { Button, Drawer, Flex, Form, Input, InputNumber, Modal, Tabs, Tooltip, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import dayjs from 'dayjs';
import {
  cancelByInFuture,
  optionsOf,
  SHARES,
  tradeEstimate,
  parseCancelBy,
  PRICE_STEP,
  TRADE_MSG,
  TRADE_TABS,
  UNKNOWN_PRICE,
  type SmartTradeDto,
  type TradeReply,
} from '@drat/contracts';
import { ApiError } from '../../api/client';
import type { AdvancedTradeInput } from '../../api/trading';
import { applyServerErrors } from '../../lib/formErrors';
import { formatPrice } from '../../lib/format';
import {
  ADVANCED_FIELDS,
  advancedBodyOf,
  advancedIssues,
  conditionsBodyOf,
  conditionsIssues,
  draftIdOf,
  isOptionsTrade,
  placeIssues,
  valuesOf,
  type AdvancedMode,
  type AdvancedValues,
  type FieldName,
  type Issue,
  type PickedTime,
} from './advancedForm';
import { AdvancedRanges } from './AdvancedRanges';
import { ConditionBuilder } from './ConditionBuilder';
import { wordsOf } from './conditionRows';
import { useEditTradeConditions, usePlaceAdvancedTrade, useSaveAdvancedDraft } from './mutations';
import { useLivePrice } from './queries';
import { useTradeAccount } from '../brokerage';
import { ReplayButton } from './ReplayButton';
import { TradeSettingsFields } from './TradeSettingsFields';

export interface AdvancedTradeDrawerProps {
  open: boolean;
  /** The trade the drawer opens with: a draft, the trade retraded, or the trade whose conditions change. */
  initial?: SmartTradeDto | null;
  mode?: AdvancedMode;
  onClose: () => void;
}

function titleOf(mode: AdvancedMode, trade: SmartTradeDto | null) {
  if (mode === 'conditions' && trade) return `Edit conditions of trade ${trade.id} (${trade.ticker})`;
  if (mode === 'retrade' && trade) return `Retrade ${trade.ticker}`;
  return 'Advanced Smart Trade';
}

/**
 * The advanced smart trade drawer (super users; 2-trading §2.4, §3 "Advanced trade draft", §4
 * "Advanced drawer modes", §5.3): the ticker with its live price, Equity / Options ranges, stop
 * loss, condition rows, trailing profit, cancel if not filled and notes, checked with the contracts'
 * schema as they change; Trade confirms the estimates and places the trade, Save as Draft keeps it.
 * Retrade fixes the tab; 'conditions' edits only the condition rows of a running trade.
 */
export function AdvancedTradeDrawer({ open, initial = null, mode = 'new', onClose }: AdvancedTradeDrawerProps) {
  const narrow = typeof window !== 'undefined' && window.innerWidth < 500;
  return (
    <Drawer open={open} onClose={onClose} title={titleOf(mode, initial)} size={narrow ? '100%' : 600} destroyOnHidden>
      {/* Mounted per opening, so each opening starts from `initial`. */}
      {open && (
        <AdvancedTradeForm key={`${mode}-${initial?.id ?? 'new'}`} initial={initial} mode={mode} onClose={onClose} />
      )}
    </Drawer>
  );
}

/** A cancel-by text (New York wall clock) as the picker's value. */
function pickedTimeOf(text: string): PickedTime | null {
  const w = parseCancelBy(text);
  return w ? dayjs(new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)) : null;
}

function AdvancedTradeForm({
  initial,
  mode,
  onClose,
}: {
  initial: SmartTradeDto | null;
  mode: AdvancedMode;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AdvancedValues>();
  const { message } = useApp();
  const [initialValues] = useState(() => valuesOf(initial, pickedTimeOf));
  const [options, setOptions] = useState(() => isOptionsTrade(initial));
  const [showAll, setShowAll] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [symbol, setSymbol] = useState(initial?.ticker ?? '');
  const [confirming, setConfirming] = useState<AdvancedTradeInput | null>(null);
  /** The fields whose errors are shown (JSON of their names), to clear them when they pass. */
  const shown = useRef(new Set<string>());
  const conditionsOnly = mode === 'conditions' && initial !== null;

  const { account: accountId, field: accountField } = useTradeAccount(!conditionsOnly, initial?.account_id);
  // §4 "Live price fields": looked up when the symbol input loses focus; -500 hides the line.
  const price = useLivePrice(symbol, symbol !== '' && !conditionsOnly);
  const known = price.data && price.data.LivePrice !== UNKNOWN_PRICE ? price.data : null;
  const rangeValues = Form.useWatch('extra_ranges', { form, preserve: true });
  const rangeCount = conditionsOnly ? initial.extra_ranges.length : (rangeValues?.length ?? 0);

  /**
   * Checks the values with the contracts' schema and shows each issue on its field: the touched
   * fields while typing, all of them once Trade or Save was pressed (`all`).
   */
  const check = ({ all = showAll, draft = false, isOptions = options } = {}) => {
    const v = form.getFieldsValue(true) as AdvancedValues;
    let issues: Issue[];
    let formIndex: number[];
    let body: AdvancedTradeInput | null = null;
    if (conditionsOnly) {
      const edit = conditionsBodyOf(initial.id, v.conditions ?? []);
      issues = conditionsIssues(edit.body, initial.extra_ranges.length);
      formIndex = edit.formIndex;
    } else {
      const made = advancedBodyOf(v, isOptions, { accountId, draftId: draftIdOf(mode, initial) });
      body = made.body;
      formIndex = made.formIndex;
      issues = advancedIssues(body, draft);
    }
    const placed = placeIssues(issues, v, isOptions, formIndex);
    // antd types a field's name by the values' shape; these are built from the schema's paths.
    const touched = (name: FieldName) => form.isFieldTouched(name as Parameters<typeof form.isFieldTouched>[0]);
    const visible = placed.fields.filter((f) => all || touched(f.name));
    const now = new Set(visible.map((f) => JSON.stringify(f.name)));
    const cleared = [...shown.current].filter((k) => !now.has(k)).map((k) => ({ name: JSON.parse(k), errors: [] }));
    form.setFields([...cleared, ...visible] as Parameters<typeof form.setFields>[0]);
    shown.current = now;
    setInvalid(now.size > 0);
    return { ok: issues.length === 0, body, general: placed.general, v };
  };

  const showError = (name: string, text: string) => {
    form.setFields([{ name, errors: [text] } as Parameters<typeof form.setFields>[0][number]]);
    shown.current.add(JSON.stringify([name]));
    setInvalid(true);
  };

  const done = (reply: TradeReply) => {
    void message.success(reply.message);
    setConfirming(null);
    onClose();
  };
  /** A refusal lands on the fields it names; the rest is toasted (not for the conditions edit, §8). */
  const failed = (err: Error, quiet = false) => {
    setConfirming(null);
    const general = applyServerErrors(form, err, ADVANCED_FIELDS);
    if (err instanceof ApiError) {
      const named = Object.keys(err.body).filter((k) => (ADVANCED_FIELDS as readonly string[]).includes(k));
      for (const name of named) shown.current.add(JSON.stringify([name]));
      if (named.length > 0) setInvalid(true);
      if (!quiet && named.length === 0 && general.length === 0) void message.error(err.message);
    } else if (!quiet) void message.error(err.message);
    if (!quiet) for (const text of general) void message.error(text);
  };
  // Each reads the trade lists again (mutations.ts).
  const place = usePlaceAdvancedTrade({ onSuccess: done, onError: (e) => failed(e) });
  const saveDraft = useSaveAdvancedDraft({ onSuccess: done, onError: (e) => failed(e) });
  const saveConditions = useEditTradeConditions({ onSuccess: done, onError: (e) => failed(e, true) });

  /** The trade for a replay: checked as a draft (a replay is not held to the cancel-by time). */
  const replayBody = async () => {
    setShowAll(true);
    const result = check({ all: true, draft: true });
    for (const text of result.ok ? [] : result.general) void message.error(text);
    return result.ok ? result.body : null;
  };

  const submit = (draft: boolean) => {
    setShowAll(true);
    const result = check({ all: true, draft });
    if (!result.ok) {
      for (const text of result.general) void message.error(text);
      return;
    }
    if (conditionsOnly) {
      const edit = conditionsBodyOf(initial.id, result.v.conditions ?? []);
      saveConditions.mutate({ trade_id: edit.body.trade_id, conditions: edit.body.conditions });
      return;
    }
    const body = result.body!;
    if (draft) {
      saveDraft.mutate(body);
      return;
    }
    const late = cancelByInFuture(
      { setCancelIfNotFilledBy: body.setCancelIfNotFilledBy, expiryDateTime: body.expiryDateTime },
      Date.now(),
    );
    if (late) showError('expiryDateTime', late.message);
    else setConfirming(body);
  };

  const onTab = (key: string) => {
    const next = key === 'Options';
    setOptions(next);
    check({ isOptions: next });
  };

  const onTickerBlur = () => {
    const ticker = String(form.getFieldValue('ticker') ?? '')
      .trim()
      .toUpperCase();
    form.setFieldValue('ticker', ticker);
    setSymbol(ticker);
  };

  return (
    <>
      <Form<AdvancedValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => check()}
        onFinish={() => submit(false)}
      >
        {conditionsOnly ? (
          <RangesSummary trade={initial} />
        ) : (
          <>
            <Flex justify="end">{accountField}</Flex>
            <Tabs
              activeKey={options ? 'Options' : 'Equity'}
              onChange={onTab}
              items={TRADE_TABS.map((tab) => ({
                key: tab,
                label: tab,
                // Retrade keeps the trade's kind (§4).
                disabled: mode === 'retrade' && (tab === 'Options') !== options,
              }))}
            />
            <Form.Item
              name="ticker"
              label="Symbol"
              extra={known ? `${known.Name} · Live price ${formatPrice(known.LivePrice)}` : undefined}
            >
              <Input placeholder="e.g. AAPL" maxLength={16} onBlur={onTickerBlur} />
            </Form.Item>
            <Typography.Title level={5}>Ranges</Typography.Title>
            <AdvancedRanges options={options} />
            <Form.Item name="stop_loss" label="Stop Loss" style={{ marginTop: 16 }}>
              <InputNumber min={0} step={PRICE_STEP} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        <Typography.Title level={5}>Conditions</Typography.Title>
        <ConditionBuilder
          rangeCount={rangeCount}
          ticker={conditionsOnly ? initial.ticker : known ? symbol : null}
          onChanged={() => check()}
        />
        {!conditionsOnly && (
          <div style={{ marginTop: 16 }}>
            <TradeSettingsFields cancelByName="expiryDateTime" />
          </div>
        )}
        <Flex gap={8} align="center" style={{ marginTop: 16 }}>
          <Button onClick={onClose}>Cancel</Button>
          {invalid ? (
            <Typography.Text type="danger">{TRADE_MSG.checkInputs}</Typography.Text>
          ) : conditionsOnly ? (
            <Button type="primary" htmlType="submit" loading={saveConditions.isPending}>
              Save Conditions
            </Button>
          ) : (
            <>
              <Button onClick={() => submit(true)} loading={saveDraft.isPending}>
                Save as Draft
              </Button>
              {!options && <ReplayButton bodyOf={replayBody} />}
              <Button type="primary" htmlType="submit">
                Trade
              </Button>
            </>
          )}
        </Flex>
      </Form>
      <ConfirmAdvancedTrade
        body={confirming}
        pending={place.isPending}
        onOk={(body) => place.mutate(body)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

/** The ranges of a running trade, for reading while its conditions change (they name Range N). */
function RangesSummary({ trade }: { trade: SmartTradeDto }) {
  return (
    <Flex vertical gap={2} style={{ marginBottom: 16 }}>
      {trade.extra_ranges.map((r, i) => (
        <Typography.Text key={r.range_id} type="secondary">
          Range {i + 1}: buy {r.buy_range_quantity} at {formatPrice(r.buy_range)}, sell {r.target_range_quantity} at{' '}
          {formatPrice(r.target_range)}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** The confirmation (§4 flow): the trade in words and its estimates ('All values are Estimates'). */
function ConfirmAdvancedTrade({
  body,
  pending,
  onOk,
  onCancel,
}: {
  body: AdvancedTradeInput | null;
  pending: boolean;
  onOk: (body: AdvancedTradeInput) => void;
  onCancel: () => void;
}) {
  const options = body?.is_options === true;
  const ranges = body?.extra_ranges ?? [];
  const estimate = tradeEstimate(
    ranges.map((r) => ({ price: r.buy_range, quantity: r.buy_range_quantity })),
    options ? optionsOf() : SHARES,
  );
  return (
    <Modal
      open={body !== null}
      title={body ? `Confirm your trade: ${body.ticker}` : 'Confirm your trade'}
      okText="Confirm"
      confirmLoading={pending}
      onOk={() => body && onOk(body)}
      onCancel={onCancel}
    >
      {body && (
        <Flex vertical gap={4}>
          {ranges.map((r, i) => (
            <Typography.Text key={i}>
              Range {i + 1}:{' '}
              {options
                ? `${wordsOf(r.buy_instruction ?? '')} ${r.buy_range_quantity} × ${r.expiration} ${r.strike} ${r.call_or_put} at ${formatPrice(r.buy_range)}; ${wordsOf(r.sell_instruction ?? '').toLowerCase()} ${r.target_range_quantity} at ${formatPrice(r.target_range)}`
                : `buy ${r.buy_range_quantity} at ${formatPrice(r.buy_range)}; sell ${r.target_range_quantity} at ${formatPrice(r.target_range)}`}
            </Typography.Text>
          ))}
          <Typography.Text>Stop loss {formatPrice(body.stop_loss)}</Typography.Text>
          {(body.conditions?.length ?? 0) > 0 && (
            <Typography.Text>Condition rows: {body.conditions?.length}</Typography.Text>
          )}
          <Typography.Text type="secondary">Account {body.account_id}</Typography.Text>
          <Tooltip title={TRADE_MSG.estimates}>
            <Flex vertical>
              <Typography.Text strong>Estimated trade value {formatPrice(estimate.value)}</Typography.Text>
              <Typography.Text>
                {options ? `Estimated fees ${formatPrice(estimate.fees)}` : 'Commission 0.00'} · Total{' '}
                {formatPrice(estimate.total)}
              </Typography.Text>
            </Flex>
          </Tooltip>
        </Flex>
      )}
    </Modal>
  );
}
