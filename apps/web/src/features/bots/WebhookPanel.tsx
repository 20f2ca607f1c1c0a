import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
  type FormInstance,
} from 'antd';
import useApp from 'antd/es/app/useApp';
import { ApiOutlined, CheckOutlined, CopyOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import {
  PASSWORD_CONFIRMATION_REQUIRED,
  SIGNAL_SIGNATURE_HEADER,
  webhookBotBody,
  type BotDto,
  type WebhookCreated,
  type WebhookDto,
} from '@drat/contracts';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../lib/formErrors';
import { formatDateTime } from '../../lib/format';
import { zodFieldRule } from '../../lib/zodRule';
import { useMakeWebhook, useRevokeWebhook, useWebhookBot } from './mutations';
import { useBotChoices, useWebhook } from './queries';
import { activeBotOptions, exampleAgainst, tradingViewMessage } from './signalWords';
import { usePhone } from './usePhone';

/** The bot form of the webhook (make it, change its bot): the contracts' body. */
interface BotChoice {
  bot_id?: number;
}
const botRule = zodFieldRule(webhookBotBody, 'bot_id');
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } as const;

/** The password prompt was closed without confirming: nothing to tell. */
const promptCancelled = (err: unknown) => err instanceof ApiError && err.body.code === PASSWORD_CONFIRMATION_REQUIRED;

/**
 * Copies `text`, or, where the browser gives no clipboard (a page not served over HTTPS), selects
 * it in `field` for the person to copy.
 */
function useCopy() {
  const { message } = useApp();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (what: string, text: string, field: HTMLInputElement | HTMLTextAreaElement | null) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
      void message.success(`${what} copied`);
    } catch {
      field?.select();
      void message.info('Selected: press Ctrl+C (⌘C on a Mac) to copy.');
    }
  };
  return { copied, copy };
}

/**
 * A value to copy once, read-only in a monospace box with its Copy button: beside it on a wide
 * screen; over it on a phone or for the message (`multiline`), where the box shows the whole value.
 */
function CopyField({
  label,
  value,
  copy,
  copied,
  multiline = false,
}: {
  label: string;
  value: string;
  copy: ReturnType<typeof useCopy>['copy'];
  copied: boolean;
  multiline?: boolean;
}) {
  const phone = usePhone();
  const [field, setField] = useState<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const button = (
    <Button
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      aria-label={`Copy ${label.toLowerCase()}`}
      onClick={() => void copy(label, value, field)}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
  if (!multiline && !phone) {
    return (
      <Flex vertical gap={4}>
        <Typography.Text strong>{label}</Typography.Text>
        <Space.Compact block>
          <Input
            readOnly
            aria-label={label}
            value={value}
            style={mono}
            ref={(r) => setField(r?.input ?? null)}
            onFocus={(e) => e.target.select()}
          />
          {button}
        </Space.Compact>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={4}>
      <Flex justify="space-between" align="end" gap={8}>
        <Typography.Text strong>{label}</Typography.Text>
        {button}
      </Flex>
      <Input.TextArea
        readOnly
        aria-label={label}
        value={value}
        autoSize
        // The message keeps its lines (scrolled sideways on a phone); an address or a secret wraps anywhere.
        wrap={multiline ? 'off' : 'soft'}
        style={{ ...mono, fontSize: multiline ? 12 : undefined, wordBreak: 'break-all' }}
        ref={(r) => setField(r?.resizableTextArea?.textArea ?? null)}
      />
    </Flex>
  );
}

/**
 * A new webhook's address and secret, shown this once (the server keeps the secret sealed and
 * never answers it again), with the TradingView message that uses them and the signing alternative.
 */
function NewWebhook({ made, bot, onDone }: { made: WebhookCreated; bot: BotDto | undefined; onDone: () => void }) {
  const phone = usePhone();
  const { copied, copy } = useCopy();
  const example = exampleAgainst(bot ?? { risk_at_most: 100, reward_at_least: 0 });
  return (
    <Alert
      type="warning"
      showIcon={!phone}
      title={made.message}
      description={
        <Flex vertical gap={12} style={{ marginTop: 8 }}>
          <Typography.Text>
            In TradingView, paste the address into the alert&apos;s <b>Webhook URL</b> and the message below into its{' '}
            <b>Message</b>.
          </Typography.Text>
          <CopyField label="Webhook address" value={made.url} copy={copy} copied={copied === 'Webhook address'} />
          <CopyField label="Secret" value={made.secret} copy={copy} copied={copied === 'Secret'} />
          <CopyField
            label="TradingView alert message"
            value={tradingViewMessage(made.secret)}
            copy={copy}
            copied={copied === 'TradingView alert message'}
            multiline
          />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            The offsets are percents of the last price. Use <Typography.Text code>sell</Typography.Text> or{' '}
            <Typography.Text code>exit</Typography.Text> as the action to close the bot&apos;s running trades on the
            ticker.{' '}
            {bot && !example.fits && (
              <>
                This example risks {example.risk}% for a {example.reward}% reward, and {bot.bot_name} takes a risk of at
                most {bot.risk_at_most}% and a reward of at least {bot.reward_at_least}%: change the offsets to fit, or
                the signal is skipped.
              </>
            )}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            A tool that can sign its messages may leave <Typography.Text code>secret</Typography.Text> out and send an{' '}
            <Typography.Text code>{SIGNAL_SIGNATURE_HEADER}</Typography.Text> header instead:{' '}
            <Typography.Text code>sha256=</Typography.Text> and the hex HMAC-SHA256 of the body, keyed with the secret.
          </Typography.Text>
          <Flex justify="end">
            <Button type="primary" onClick={onDone}>
              I have copied them
            </Button>
          </Flex>
        </Flex>
      }
    />
  );
}

/**
 * A select of the user's active bots under the contracts' rule for bot_id, with its button beside
 * it (the rule's message shows under the select, the button stays level with it).
 */
function BotRow({ bots, label, children }: { bots: BotDto[]; label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={6}>
      <Typography.Text>{label}</Typography.Text>
      <Flex gap={8} align="start">
        <Form.Item<BotChoice> name="bot_id" rules={[botRule]} style={{ flex: 1, minWidth: 0, marginBottom: 0 }}>
          <Select<number>
            aria-label={label}
            placeholder="Choose a bot"
            options={activeBotOptions(bots)}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent="No active bot"
          />
        </Form.Item>
        {children}
      </Flex>
    </Flex>
  );
}

/** Make, or make a new one: the server's words under the select, a cancelled password prompt said nothing. */
function useMake(form: FormInstance<BotChoice>, onMade: (made: WebhookCreated) => void) {
  const { message } = useApp();
  return useMakeWebhook({
    onSuccess: onMade,
    onError: (err) => {
      if (promptCancelled(err)) return;
      const general = applyServerErrors(form, err, ['bot_id']);
      for (const text of general) void message.error(text);
      if (general.length === 0 && form.getFieldError('bot_id').length === 0) void message.error(err.message);
    },
  });
}

/** The current webhook: its bot, the end of its address, when it was made and its last signal; change, rotate, revoke. */
function CurrentWebhook({
  hook,
  bots,
  onMade,
}: {
  hook: WebhookDto;
  bots: BotDto[];
  onMade: (made: WebhookCreated) => void;
}) {
  const phone = usePhone();
  const { modal } = useApp();
  const [form] = Form.useForm<BotChoice>();
  const chosen = Form.useWatch('bot_id', form);
  const make = useMake(form, onMade);
  const setBot = useWebhookBot();
  const revoke = useRevokeWebhook();
  const bot = bots.find((b) => b.id === hook.bot_id);

  const rotate = () =>
    modal.confirm({
      title: 'Make a new address and secret?',
      content:
        'The address and secret you use now stop working at once: alerts still sending to them are refused. Paste the new ones into your alerts.',
      okText: 'Make new ones',
      cancelText: 'Keep the current ones',
      onOk: () => make.mutate(hook.bot_id),
    });
  const confirmRevoke = () =>
    modal.confirm({
      title: 'Revoke the webhook?',
      content:
        'Signals sent to its address are refused from now on, and listed below as refused. Your bots and their trades carry on; you can make a new webhook later.',
      okText: 'Revoke',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      onOk: () => revoke.mutateAsync().catch(() => undefined),
    });

  return (
    <Flex vertical gap={16}>
      {bot && !bot.active && (
        <Alert
          type="warning"
          showIcon
          title={`${hook.bot_name} is inactive: its signals are skipped. Send them to an active bot.`}
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={phone ? 1 : 2}
        items={[
          { key: 'bot', label: 'Bot', children: hook.bot_name },
          {
            key: 'address',
            label: 'Address',
            children: (
              <Typography.Text code aria-label="Address ends with">
                {hook.url_end}
              </Typography.Text>
            ),
          },
          { key: 'made', label: 'Made', children: formatDateTime(hook.created) },
          {
            key: 'last',
            label: 'Last signal',
            children: hook.last_signal ? formatDateTime(hook.last_signal) : 'None yet',
          },
        ]}
      />
      <Flex wrap gap={12} justify="space-between" align="end">
        <Form<BotChoice>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ bot_id: hook.bot_id }}
          onFinish={(v) => setBot.mutate(v.bot_id!)}
          style={{ flex: '1 1 320px', maxWidth: 520 }}
        >
          <BotRow bots={bots} label="Signals go to">
            <Button
              htmlType="submit"
              loading={setBot.isPending}
              disabled={chosen === undefined || chosen === hook.bot_id}
            >
              Change bot
            </Button>
          </BotRow>
        </Form>
        <Flex wrap gap={8}>
          <Button icon={<SyncOutlined />} onClick={rotate} loading={make.isPending}>
            Make a new address
          </Button>
          <Button danger icon={<StopOutlined />} onClick={confirmRevoke} loading={revoke.isPending}>
            Revoke
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}

/** No webhook yet (or revoked): what one does, and the bot to make it for. */
function NoWebhook({ bots, onMade }: { bots: BotDto[]; onMade: (made: WebhookCreated) => void }) {
  const [form] = Form.useForm<BotChoice>();
  const make = useMake(form, onMade);
  const none = activeBotOptions(bots).length === 0;
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        A webhook is an address of your own that TradingView, or any tool that can send a web request, posts a JSON
        message to. The bot you choose takes each message as it takes an alert: through its filters and limits, then a
        trade.
      </Typography.Paragraph>
      {none ? (
        <Alert
          type="info"
          showIcon
          title="Create a bot first: a webhook hands its signals to one of your active bots."
        />
      ) : (
        <Form<BotChoice>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => make.mutate(v.bot_id!)}
          style={{ maxWidth: 560 }}
        >
          <BotRow bots={bots} label="Bot that takes the signals">
            <Button type="primary" htmlType="submit" icon={<ApiOutlined />} loading={make.isPending}>
              Make webhook
            </Button>
          </BotRow>
        </Form>
      )}
    </Flex>
  );
}

/**
 * The signals webhook (docs/bot-rules.md "Signals"): none yet, with what it does and the bot to
 * make it for; or the current one, with its bot, the end of its address, when it was made and its
 * last signal, to send to another bot, make again (the old address stops working) or revoke. Making
 * it asks the password again when it was not typed lately (the app shell's prompt, then the same
 * call once more); its address and secret then show this once.
 */
export function WebhookPanel({ open }: { open: boolean }) {
  const webhook = useWebhook(open);
  const bots = useBotChoices(open);
  const [made, setMade] = useState<WebhookCreated | null>(null);
  const hook = webhook.data?.data ?? null;
  const botList = bots.data?.data ?? [];

  if (webhook.isLoading || bots.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (webhook.isError) return <Alert type="error" showIcon title={webhook.error.message} />;
  return (
    <Flex vertical gap={16}>
      {made && (
        <NewWebhook made={made} bot={botList.find((b) => b.id === made.data.bot_id)} onDone={() => setMade(null)} />
      )}
      {hook ? (
        <CurrentWebhook key={hook.bot_id} hook={hook} bots={botList} onMade={setMade} />
      ) : (
        <NoWebhook bots={botList} onMade={setMade} />
      )}
    </Flex>
  );
}

/** The webhook's state as a tag beside the panel's title. */
export function WebhookTag({ open }: { open: boolean }) {
  const webhook = useWebhook(open);
  if (webhook.data === undefined) return null;
  return webhook.data.data ? <Tag color="success">Webhook active</Tag> : <Tag>No webhook</Tag>;
}
