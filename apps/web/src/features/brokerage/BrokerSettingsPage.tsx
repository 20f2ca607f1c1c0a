import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Row, Select, Space, Statistic, Typography } from 'antd';
import { BankOutlined, DollarOutlined, LinkOutlined, SafetyOutlined, WalletOutlined } from '@ant-design/icons';
import { BROKER_MSG, PASSWORD_CONFIRMATION_REQUIRED, type BrokerName } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { finishBrokerAuthorization, startBrokerAuthorization } from '../../api/brokerage';
import { updateSession, useSession } from '../../app/session';
import { formatDateTime, formatPrice } from '../../lib/format';
import { brokerKeys } from '../../lib/queryKeys';
import { CurrentAccountBar } from './AccountParts';
import { currentAccountOf } from './accounts';
import { useAccountInfo, useBrokerConnection, useKeepAccounts, useLiveAccounts } from './queries';

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
      <BrokerCard live={session.is_live_trader} />
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

/** Exchanges the code the broker sent back (once: a state is single-use), then clears the address. */
function useReturnFromBroker(): ReactNode {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const keep = useKeepAccounts();
  const queryClient = useQueryClient();
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const started = useRef(false);
  const finish = useMutation({
    mutationFn: finishBrokerAuthorization,
    onSuccess: (reply) => {
      updateSession({ is_live_trader: true, is_demo_trader: false });
      keep(reply.accounts);
      void queryClient.invalidateQueries({ queryKey: brokerKeys.connection() });
      void message.success(reply.message);
    },
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
  const authorize = useMutation({
    mutationFn: startBrokerAuthorization,
    onSuccess: (reply) => window.location.assign(reply.url),
  });
  const { message } = App.useApp();
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
                // A cancelled password prompt is no failure to tell.
                onError: (err) => {
                  if (!(err instanceof ApiError && err.body.code === PASSWORD_CONFIRMATION_REQUIRED))
                    void message.error(err.message);
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
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <SafetyOutlined /> You confirm your password, then grant DRAT access at your broker. DRAT keeps the access
          encrypted and never sees your broker password.
        </Typography.Text>
      </Flex>
    </Card>
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
