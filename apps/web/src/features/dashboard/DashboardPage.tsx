import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Col, Row, Space, Statistic, Tooltip, Typography } from 'antd';
import {
  DollarOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FundOutlined,
  LineChartOutlined,
  WalletOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useSession } from '../../app/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { MarketWidgets } from '../market';

const MASK = '****';

/**
 * My Dashboard (1-core §2). The account cards fill in once trading is built; the Dione credits
 * are live. Discreet mode masks amounts as ****. Below them, the live market widgets.
 */
export function DashboardPage() {
  const session = useSession()!;
  const [discreet, setDiscreet] = useState(() => localStorage.getItem(STORAGE_KEYS.discreet) === '1');
  const toggle = () => {
    localStorage.setItem(STORAGE_KEYS.discreet, discreet ? '0' : '1');
    setDiscreet(!discreet);
  };
  const account = session.is_live_trader ? 'Live account' : 'Demo account';
  const cards = [
    { title: 'Portfolio Value', icon: <FundOutlined /> },
    { title: 'Buying Power (Total Cash)', icon: <WalletOutlined /> },
    { title: 'Equity Value', icon: <DollarOutlined /> },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="secondary">{account}</Typography.Text>
        <Space>
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
            <Card>
              <Statistic title={c.title} prefix={c.icon} value={discreet ? MASK : '—'} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Shown once your {session.is_live_trader ? 'brokerage' : 'demo'} account is connected to smart trading.
              </Typography.Text>
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
