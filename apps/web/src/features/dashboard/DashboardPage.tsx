import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Col, Popconfirm, Row, Space, Statistic, Tooltip, Typography } from 'antd';
import {
  DollarOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FundOutlined,
  LineChartOutlined,
  ReloadOutlined,
  WalletOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { TRADE_MSG } from '@drat/contracts';
import { useSession } from '../../app/session';
import { formatPrice } from '../../lib/format';
import { STORAGE_KEYS } from '../../lib/storage';
import { MarketWidgets } from '../market';
import {
  AuthorizationNotice,
  CurrentAccountBar,
  currentAccountOf,
  useAccountInfo,
  useBrokerEvents,
  useLiveAccounts,
} from '../brokerage';
import { useDemoAccount } from './queries';

const MASK = '****';

/**
 * My Dashboard (1-core §2). The account cards show the demo account, or for a live trader the
 * brokerage account chosen with the account selector (with Sync); the Dione credits are live.
 * Discreet mode masks amounts as ****. Below them, the live market widgets.
 */
export function DashboardPage() {
  const session = useSession()!;
  const [discreet, setDiscreet] = useState(() => localStorage.getItem(STORAGE_KEYS.discreet) === '1');
  const toggle = () => {
    localStorage.setItem(STORAGE_KEYS.discreet, discreet ? '0' : '1');
    setDiscreet(!discreet);
  };
  const live = session.is_live_trader;
  const demo = useDemoAccount(!live);
  const brokerage = useLiveBalances(live);
  const values = live
    ? brokerage.values
    : demo.query.data && {
        account: demo.query.data.account_value,
        buyingPower: demo.query.data.buying_power,
        equities: demo.query.data.equities_value,
      };
  const loading = live ? brokerage.loading : demo.query.isLoading;
  const cards: { title: string; icon: ReactNode; value: number | undefined }[] = [
    { title: 'Portfolio Value', icon: <FundOutlined />, value: values?.account },
    { title: 'Buying Power (Total Cash)', icon: <WalletOutlined />, value: values?.buyingPower },
    { title: 'Equity Value', icon: <DollarOutlined />, value: values?.equities },
  ];
  const shown = (v: number | undefined) => (discreet ? MASK : v === undefined ? '—' : formatPrice(v));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {live && <AuthorizationNotice />}
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        {live ? <CurrentAccountBar /> : <Typography.Text type="secondary">Demo account</Typography.Text>}
        <Space>
          {!live && (
            <Popconfirm
              title={TRADE_MSG.confirmResetDemo}
              okText="Yes"
              cancelText="No"
              onConfirm={() => demo.reset.mutate()}
            >
              <Button icon={<ReloadOutlined />} loading={demo.reset.isPending}>
                Reset
              </Button>
            </Popconfirm>
          )}
          {session.can_use_live_trader && (
            <Link to="/smart-trades">
              <Button icon={<LineChartOutlined />}>Smart Trades</Button>
            </Link>
          )}
          <Tooltip title={discreet ? 'Show amounts' : 'Hide amounts'}>
            <Button
              aria-label="Discreet mode"
              icon={discreet ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              onClick={toggle}
            />
          </Tooltip>
        </Space>
      </Space>
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.title} xs={24} sm={12} xl={6}>
            <Card loading={loading}>
              <Statistic title={c.title} prefix={c.icon} value={shown(c.value)} />
            </Card>
          </Col>
        ))}
        <Col xs={24} sm={12} xl={6}>
          <Card>
            <Statistic
              title="Dione Credits"
              prefix={<ThunderboltOutlined />}
              value={discreet ? MASK : session.dione_credits}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {session.trade_ideas_credits} Trade Ideas credits
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <MarketWidgets />
    </Space>
  );
}

/** The current brokerage account's values (1-core §3 "Live account"), read again as its orders change. */
function useLiveBalances(live: boolean) {
  useBrokerEvents();
  const accounts = useLiveAccounts(live);
  const info = useAccountInfo(live ? currentAccountOf(accounts.data?.data.accounts)?.account_id : undefined);
  const v = info.data?.data;
  return {
    loading: accounts.isLoading || info.isLoading,
    values: v && { account: v.live_account_value, buyingPower: v.live_buying_power, equities: v.live_equities_value },
  };
}
