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
import { TRADE_MSG, type DemoAccount } from '@drat/contracts';
import { useSession } from '../../app/session';
import { formatPrice } from '../../lib/format';
import { STORAGE_KEYS } from '../../lib/storage';
import { MarketWidgets } from '../market';
import { useDemoAccount } from './useDemoAccount';

const MASK = '****';

/**
 * My Dashboard (1-core §2). The account cards show the demo account (a live trader's brokerage
 * account comes with broker authorization); the Dione credits are live. Discreet mode masks amounts
 * as ****. Below them, the live market widgets.
 */
export function DashboardPage() {
  const session = useSession()!;
  const [discreet, setDiscreet] = useState(() => localStorage.getItem(STORAGE_KEYS.discreet) === '1');
  const toggle = () => {
    localStorage.setItem(STORAGE_KEYS.discreet, discreet ? '0' : '1');
    setDiscreet(!discreet);
  };
  const live = session.is_live_trader;
  const account = live ? 'Live account' : 'Demo account';
  const demo = useDemoAccount(!live);
  const values: DemoAccount | undefined = live ? undefined : demo.query.data;
  const cards: { title: string; icon: ReactNode; value: number | undefined }[] = [
    { title: 'Portfolio Value', icon: <FundOutlined />, value: values?.account_value },
    { title: 'Buying Power (Total Cash)', icon: <WalletOutlined />, value: values?.buying_power },
    { title: 'Equity Value', icon: <DollarOutlined />, value: values?.equities_value },
  ];
  const shown = (v: number | undefined) => (discreet ? MASK : v === undefined ? '—' : formatPrice(v));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="secondary">{account}</Typography.Text>
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
            <Card loading={!live && demo.query.isLoading}>
              <Statistic title={c.title} prefix={c.icon} value={shown(c.value)} />
              {live && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Shown once your brokerage account is authorized in Broker Settings.
                </Typography.Text>
              )}
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
