import { useMemo, useState } from 'react';
import { Button, Drawer, Flex, Form, Tooltip, Typography, type SelectProps } from 'antd';
import useApp from 'antd/es/app/useApp';
import { HistoryOutlined } from '@ant-design/icons';
import {
  BOT_REPLAY_MSG,
  BROKER_LABELS,
  isBotCategory,
  isOptionsCategory,
  type BotBodyIn,
  type BotChange,
  type BotDto,
} from '@drat/contracts';
import { ApiError } from '../../api/client';
import { useSession } from '../../app/session';
import { applyServerErrors } from '../../lib/formErrors';
import { lazyDialog } from '../../lib/lazyPage';
import { useLiveAccounts } from '../brokerage';
import {
  DEMO_ACCOUNT,
  DEMO_ACCOUNT_LABEL,
  checkBot,
  copyValuesOf,
  defaultValues,
  isSizeField,
  keptDatesOf,
  mirrorSizes,
  newYorkDate,
  sharedValuesOf,
  valuesOf,
  type BotFormValues,
} from './botForm';
import { BotFormSections, BotRulesContext, type BotFormChoices } from './BotFormSections';
import { useSaveBot } from './mutations';
import { useOwnerAccounts } from './queries';
import type { SharedBot } from './SharedBots';
import { usePhone } from './usePhone';

/** The replay view, with its chart: fetched the first time it opens, not with the drawer. */
const BotReplayModal = lazyDialog(
  async () => (await import('./BotReplayModal')).BotReplayModal,
  (p) => p.body !== null,
);

/**
 * What the drawer is open for: a new bot (Create, Copy `from` one of the user's bots, or from a bot
 * `shared` with them), or a bot to change (Update, Edit).
 */
export type BotDrawerState = { kind: 'create'; from?: BotDto; shared?: SharedBot } | { kind: 'update'; bot: BotDto };

interface Props {
  state: BotDrawerState | null;
  /** The super users' Edit (§2.2): the bot's owner's accounts, and their lists refreshed after. */
  admin?: boolean;
  onClose: () => void;
  /** After a create: the owner's page shows the bots that are not archived (the answer's list). */
  onCreated?: (reply: BotChange) => void;
}

/**
 * The create, copy and update drawer (3-bots-admin-public §2.1): each opening starts a new form
 * (its values, rules and look-ups afresh), while closing keeps the last one for its animation.
 */
export function BotDrawer(props: Props) {
  const [shown, setShown] = useState<{ state: BotDrawerState | null; serial: number }>({ state: null, serial: 0 });
  if (props.state !== null && props.state !== shown.state) setShown({ state: props.state, serial: shown.serial + 1 });
  if (shown.state === null) return null;
  return <BotDrawerFor key={shown.serial} {...props} state={shown.state} open={props.state !== null} />;
}

const accountOption = (a: { account_id: string; broker: keyof typeof BROKER_LABELS }) => ({
  value: a.account_id,
  label: `${a.account_id} · ${BROKER_LABELS[a.broker]}`,
});

function BotDrawerFor({
  state,
  open,
  admin = false,
  onClose,
  onCreated,
}: Props & { state: BotDrawerState; open: boolean }) {
  const [form] = Form.useForm<BotFormValues>();
  const { message } = useApp();
  const session = useSession()!;
  const existing = state.kind === 'update' ? state.bot : null;
  // New York's today when the drawer opened: the defaults' first day and the pickers' first day.
  const [today] = useState(() => newYorkDate());
  const kept = useMemo(() => keptDatesOf(existing), [existing]);
  // The trade categories: the alert types the caller may see, but those bots never take (§2.1).
  const allowed = useMemo(() => session.alert_types.filter((t) => isBotCategory(t.name)), [session.alert_types]);
  const [initial] = useState<BotFormValues>(() => {
    if (existing) return valuesOf(existing);
    const values =
      state.kind === 'create' && state.shared
        ? sharedValuesOf(state.shared.name, state.shared.settings, today)
        : state.kind === 'create' && state.from
          ? copyValuesOf(state.from, today)
          : defaultValues(today);
    // A new bot takes a category of the user's plan: one they cannot see is left for them to choose.
    const category = values.trade_category;
    return category && !allowed.some((t) => t.name === category) ? { ...values, trade_category: undefined } : values;
  });

  // The accounts a bot may trade on: the demo account, and the owner's brokerage accounts (the
  // caller's when live; for a super user's Edit, the bot's owner's).
  const liveAccounts = useLiveAccounts(!admin && session.is_live_trader);
  const ownerAccounts = useOwnerAccounts(admin && existing ? existing.email : null);
  const brokerage = admin ? (ownerAccounts.data ?? []) : (liveAccounts.data?.data.accounts ?? []);
  const accounts: SelectProps['options'] = [
    { value: DEMO_ACCOUNT, label: DEMO_ACCOUNT_LABEL },
    ...brokerage.map(accountOption),
  ];
  if (initial.account_id !== DEMO_ACCOUNT && !brokerage.some((a) => a.account_id === initial.account_id))
    accounts.push({ value: initial.account_id, label: initial.account_id });

  // Grouped by category; a bot being changed keeps its own, even one the caller cannot see.
  const categories = useMemo(() => {
    const groups = new Map<string, { label: string; value: string }[]>();
    for (const t of allowed)
      groups.set(t.category, [...(groups.get(t.category) ?? []), { label: t.name, value: t.name }]);
    const current = existing?.trade_category.name;
    if (current && !allowed.some((t) => t.name === current))
      groups.set('Current', [{ label: current, value: current }]);
    return [...groups].map(([category, options]) => ({ label: category, title: category, options }));
  }, [allowed, existing]);

  const choices: BotFormChoices = {
    accounts,
    accountsLoading: admin ? ownerAccounts.isLoading : liveAccounts.isLoading,
    accountHelp:
      !admin && !session.is_live_trader ? 'Your bots trade on the demo account until you trade live.' : undefined,
    categories,
  };

  /** The fields on the form now (a hidden section's fields are not): their errors show under them. */
  const mounted = () => form.getFieldsError().map((f) => String(f.name[0]));

  const save = useSaveBot(existing, admin, {
    onSuccess: (reply) => {
      void message.success(reply.message);
      // §4: after a create or update the form is back to its defaults.
      form.setFieldsValue(defaultValues(newYorkDate()));
      if (!existing) onCreated?.(reply);
      onClose();
    },
    onError: (err) => {
      const fields = mounted();
      const general = applyServerErrors(form, err, fields);
      // The server's words under their fields; the rest (a refusal, a lost connection) as a toast.
      const onFields = err instanceof ApiError && Object.keys(err.body).some((k) => fields.includes(k));
      for (const text of general.length > 0 ? general : onFields ? [] : [err.message]) void message.error(text);
    },
  });

  /**
   * The form checked with the contracts, as Save checks it: the body, or null once every message is
   * shown under its field (a hidden section's as a toast).
   */
  const checked = (): BotBodyIn | null => {
    const check = checkBot(form.getFieldsValue(true) as BotFormValues, today, kept);
    if (check.ok) return check.body;
    const shown = new Set(mounted());
    const byField = new Map<string, string[]>();
    for (const issue of check.issues) {
      if (shown.has(issue.field)) byField.set(issue.field, [...(byField.get(issue.field) ?? []), issue.message]);
      else void message.error(issue.message);
    }
    form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof BotFormValues, errors })));
    const first = [...byField.keys()][0];
    if (first) form.scrollToField(first as keyof BotFormValues, { block: 'center' });
    return null;
  };

  const submit = () => {
    const body = checked();
    if (body) save.mutate(body);
  };

  // Replay on past alerts (issue 26): the form as it stands, checked first; stock categories only.
  const phone = usePhone();
  const [replayOf, setReplayOf] = useState<BotBodyIn | null>(null);
  const category = Form.useWatch('trade_category', form);
  const optionsCategory = typeof category === 'string' && isOptionsCategory(category);
  const replayButton = (
    <Button
      icon={<HistoryOutlined />}
      disabled={optionsCategory}
      onClick={() => {
        const body = checked();
        if (body) setReplayOf(body);
      }}
    >
      Replay on past alerts
    </Button>
  );

  /** §4: a size changed sets the other of its pair to 100 minus it, and mirrors the entries into the exits. */
  const onValuesChange = (changed: Partial<BotFormValues>) => {
    const key = Object.keys(changed)[0];
    if (key && isSizeField(key)) {
      const sizes = mirrorSizes(key, changed[key]);
      if (sizes) form.setFieldsValue(sizes);
    }
  };

  const title =
    state.kind === 'update'
      ? `${admin ? 'Edit' : 'Update'} ${state.bot.bot_name}`
      : state.shared
        ? `New bot from ${state.shared.name}`
        : state.from
          ? `New bot from ${state.from.bot_name}`
          : 'New money-management bot';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size="min(760px, 100vw)"
      destroyOnHidden
      footer={
        <Flex justify="space-between" gap={8} wrap>
          {optionsCategory ? <Tooltip title={BOT_REPLAY_MSG.sharesOnly}>{replayButton}</Tooltip> : replayButton}
          <Flex gap={8} justify="end" style={phone ? { flex: '1 0 auto' } : undefined}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {existing ? 'Save changes' : 'Create bot'}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {state.kind === 'create' && state.shared && (
        <Typography.Paragraph type="secondary">
          Shared by {state.shared.by}: its settings, on your demo account until you choose another. Nothing runs until
          you create it.
        </Typography.Paragraph>
      )}
      {admin && existing && (
        <Typography.Paragraph type="secondary">
          Bot of {existing.name} ({existing.email}). Its log will say a super user changed it.
        </Typography.Paragraph>
      )}
      <BotRulesContext.Provider value={{ today, kept }}>
        <Form<BotFormValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          onValuesChange={onValuesChange}
          onFinish={submit}
          scrollToFirstError={{ block: 'center' }}
          requiredMark={false}
        >
          <BotFormSections choices={choices} />
        </Form>
      </BotRulesContext.Provider>
      <BotReplayModal body={replayOf} onClose={() => setReplayOf(null)} />
    </Drawer>
  );
}
