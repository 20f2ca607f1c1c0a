import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Collapse, Flex, Form, Input, Row, Select, Space, Statistic, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import {
  BankOutlined,
  DollarOutlined,
  KeyOutlined,
  LinkOutlined,
  SafetyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { BROKER_MSG, PASSWORD_CONFIRMATION_REQUIRED, brokerKeysBody, type BrokerName } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../lib/formErrors';
import { checkWithSchema, zodFieldRule } from '../../lib/zodRule';
import { useSession } from '../../app/session';
import { formatDateTime, formatPrice } from '../../lib/format';
import { CurrentAccountBar } from './AccountSelect';
import { currentAccountOf } from './accounts';
import {
  useAccountInfo,
  useBrokerConnected,
  useBrokerConnection,
  useConnectWithKeys,
  useFinishAuthorization,
  useLiveAccounts,
  useStartAuthorization,
} from './queries';

/**
 * Broker Settings (/trade/settings, 2-trading §2.7): the broker menu and the authorize /
 * re-authorize link; for a live trader the account selector with Sync and the cards Account Type,
 * Equity, Available Funds (hidden for CASH accounts) and Buying Power. The broker sends the trader
 * back here with `code` and `state`, which are exchanged for access at once.
 */
export function BrokerSettingsPage() {
  const session = useSession()!;
  const live = session.is_live_trader || session.is_super;
  const returning = useReturnFromBroker();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {returning}
      <BrokerCard live={live} />
      {live ? (
        <AccountCards />
      ) : (
        <Alert
          type="info"
          showIcon
          message="You trade on your demo account."
          description="Authorize a broker above to place smart trades on your brokerage account."
        />
      )}
    </Space>
  );
}

/** The password prompt was closed without confirming: nothing to tell. */
const promptCancelled = (err: unknown) => err instanceof ApiError && err.body.code === PASSWORD_CONFIRMATION_REQUIRED;

/** Exchanges the code the broker sent back (once: a state is single-use), then clears the address. */
function useReturnFromBroker(): ReactNode {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useApp();
  const connected = useBrokerConnected();
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const started = useRef(false);
  const finish = useFinishAuthorization({
    onSuccess: connected,
    onError: (err) => void message.error(err.message),
    onSettled: () => void navigate('/trade/settings', { replace: true }),
  });
  useEffect(() => {
    if (started.current) return;
    if (code && state) {
      started.current = true;
      finish.mutate({ code, state });
    } else if (denied) {
      started.current = true;
      void message.error(BROKER_MSG.authRefused);
      void navigate('/trade/settings', { replace: true });
    }
  }, [code, state, denied, finish, message, navigate]);
  return finish.isPending ? <Alert type="info" showIcon message="Connecting your brokerage account…" /> : null;
}

/** The broker menu, the connection's state and the authorize / re-authorize link. */
function BrokerCard({ live }: { live: boolean }) {
  const connection = useBrokerConnection();
  const data = connection.data?.data;
  const [chosen, setChosen] = useState<BrokerName | undefined>(undefined);
  const broker = chosen ?? data?.connection?.broker ?? data?.offered[0]?.broker;
  const authorize = useStartAuthorization({
    onSuccess: (reply) => window.location.assign(reply.url),
  });
  const { message } = useApp();
  const current = live ? data?.connection : null;
  const again = current?.broker === broker;
  return (
    <Card title="Brokerage" loading={connection.isLoading}>
      <Flex vertical gap={12}>
        <Space wrap>
          <Select<BrokerName>
            aria-label="Broker"
            value={broker}
            onChange={setChosen}
            style={{ width: 220 }}
            options={(data?.offered ?? []).map((o) => ({ value: o.broker, label: o.label }))}
          />
          <Button
            type="link"
            icon={<LinkOutlined />}
            loading={authorize.isPending}
            disabled={!broker}
            onClick={() =>
              broker &&
              authorize.mutate(broker, {
                onError: (err) => {
                  if (!promptCancelled(err)) void message.error(err.message);
                },
              })
            }
          >
            {again ? 'Re-authorize' : 'Authorize'}
          </Button>
        </Space>
        {current ? (
          <Typography.Text data-testid="broker-connection">
            Connected to {current.label}. Accounts read {formatDateTime(current.synced_at)}.
            {current.expires_at && ` Authorization ends ${formatDateTime(current.expires_at)}.`}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">No brokerage account is connected.</Typography.Text>
        )}
        {current?.expired && <Alert type="warning" showIcon message={BROKER_MSG.tokenExpired} />}
        {broker && data?.offered.find((o) => o.broker === broker)?.keys && <KeyPairForm broker={broker} />}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <SafetyOutlined /> You confirm your password, then grant DRAT access at your broker. DRAT keeps the access
          encrypted and never sees your broker password.
        </Typography.Text>
      </Flex>
    </Card>
  );
}

const KEY_FIELDS = ['key_id', 'secret_key'] as const;

/**
 * A broker that takes the trader's own API key pair (Alpaca): the key ID and secret key, checked by
 * the contracts' schema, then with the broker; the server asks for the password first.
 */
function KeyPairForm({ broker }: { broker: BrokerName }) {
  const [form] = Form.useForm<{ key_id?: string; secret_key?: string }>();
  const { message } = useApp();
  const connected = useBrokerConnected();
  const connect = useConnectWithKeys();
  const submit = (values: { key_id?: string; secret_key?: string }) => {
    const { data, general } = checkWithSchema(form, brokerKeysBody, { broker, ...values }, KEY_FIELDS);
    for (const text of general) void message.error(text);
    if (!data) return;
    connect.mutate(data, {
      onSuccess: (reply) => {
        form.resetFields();
        connected(reply);
      },
      onError: (err) => {
        if (promptCancelled(err)) return;
        for (const text of applyServerErrors(form, err, KEY_FIELDS)) void message.error(text);
      },
    });
  };
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'keys',
          label: 'Or connect with your API keys',
          children: (
            <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
              <Form.Item name="key_id" label="API key ID" rules={[zodFieldRule(brokerKeysBody, 'key_id')]}>
                <Input autoComplete="off" spellCheck={false} />
              </Form.Item>
              <Form.Item name="secret_key" label="API secret key" rules={[zodFieldRule(brokerKeysBody, 'secret_key')]}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Button htmlType="submit" icon={<KeyOutlined />} loading={connect.isPending}>
                Connect with keys
              </Button>
            </Form>
          ),
        },
      ]}
    />
  );
}

/** The current account's selector, Sync, and its cards (2-trading §2.7). */
function AccountCards() {
  const accounts = useLiveAccounts(true);
  const account = currentAccountOf(accounts.data?.data.accounts)?.account_id;
  const info = useAccountInfo(account);
  const v = info.data?.data;
  const cards: { title: string; icon: ReactNode; value: ReactNode; hidden?: boolean }[] = [
    { title: 'Account Type', icon: <BankOutlined />, value: v?.account_type ?? '—' },
    { title: 'Equity', icon: <DollarOutlined />, value: formatPrice(v?.live_account_value) },
    {
      title: 'Available Funds',
      icon: <WalletOutlined />,
      value: formatPrice(v?.available_funds),
      hidden: v?.account_type === 'CASH',
    },
    { title: 'Buying Power', icon: <WalletOutlined />, value: formatPrice(v?.live_buying_power) },
  ];
  return (
    <Card title="Account">
      <Flex vertical gap={16}>
        <CurrentAccountBar />
        {info.isError && <Alert type="error" showIcon message={info.error.message} />}
        <Row gutter={[16, 16]}>
          {cards
            .filter((c) => !c.hidden)
            .map((c) => (
              <Col key={c.title} xs={24} sm={12} xl={6}>
                <Card size="small" loading={info.isLoading}>
                  <Statistic title={c.title} prefix={c.icon} value={String(c.value)} />
                </Card>
              </Col>
            ))}
        </Row>
        {v && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            As of {formatDateTime(v.as_of)} (balances are read from the broker at most every 3 minutes).
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
