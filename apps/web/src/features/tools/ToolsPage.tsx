import { useState, type CSSProperties, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Flex, Spin, Tabs, Tooltip, Typography, theme } from 'antd';
import { BulbOutlined, ExperimentOutlined, RadarChartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { SessionData } from '@drat/contracts';
import { useSession } from '../../app/session';
import { lazyPart } from '../../lib/lazyPage';
import { DioneTab } from './dione/DioneTab';
import { RangeRadarTab } from './rangeRadar/RangeRadarTab';

/** Ask DRAT (its company view, filings table and chart) is fetched when its tab is first shown. */
const AskDratTab = lazyPart(
  async () => (await import('./askDrat/AskDratTab')).AskDratTab,
  <Spin style={{ display: 'block', margin: '32px auto' }} />,
);

type TabKey = 'dione' | 'ask-drat' | 'range-radar';

interface ToolTab {
  key: TabKey;
  label: string;
  icon: ReactNode;
  /** The right that shows the tab (1-core §2, §6); super users see every tab. */
  allowed: (s: SessionData) => boolean;
  render: (ticker: string, onTicker: (v: string) => void) => ReactNode;
}

const TABS: ToolTab[] = [
  {
    key: 'dione',
    label: 'Dione',
    icon: <ExperimentOutlined />,
    allowed: (s) => s.is_super || s.DA,
    render: (ticker, onTicker) => <DioneTab ticker={ticker} onTicker={onTicker} />,
  },
  {
    key: 'ask-drat',
    label: 'Ask DRAT',
    icon: <BulbOutlined />,
    allowed: (s) => s.is_super || s.ADA,
    render: (ticker, onTicker) => <AskDratTab ticker={ticker} onTicker={onTicker} />,
  },
  {
    key: 'range-radar',
    label: 'Range Radar',
    icon: <RadarChartOutlined />,
    allowed: (s) => s.is_super || s.TIA,
    render: (ticker, onTicker) => <RangeRadarTab ticker={ticker} onTicker={onTicker} />,
  },
];

function Credit({ label, value, hint }: { label: string; value: number; hint: string }) {
  const { token } = theme.useToken();
  return (
    <Tooltip title={hint}>
      <Flex
        align="center"
        gap={10}
        role="status"
        aria-label={`${label}: ${value}`}
        style={{
          padding: '6px 14px',
          borderRadius: token.borderRadiusLG,
          border: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorBgContainer,
        }}
      >
        <ThunderboltOutlined
          style={{ color: value > 0 ? token.colorWarning : token.colorTextQuaternary, fontSize: 18 }}
        />
        <Flex vertical gap={0}>
          <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: '16px' }}>
            {label}
          </Typography.Text>
          <Typography.Text strong style={{ fontSize: 18, lineHeight: '22px' }} data-testid={label}>
            {value}
          </Typography.Text>
        </Flex>
      </Flex>
    </Tooltip>
  );
}

/**
 * Tools (1-core §2): Dione, Ask DRAT and Range Radar, each shown with its right (DA, ADA, TIA), and
 * the credit balances. The open tab is in the address (?tab=); a ticker sent from an alert
 * (navigation state) or named in the address (?ticker=, the simulated news's links) fills the
 * search box but is not searched: a search can cost a credit.
 */
export function ToolsPage() {
  const session = useSession();
  const { token } = theme.useToken();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [ticker, setTicker] = useState(() => {
    const state: unknown = location.state;
    return state && typeof state === 'object' && 'ticker' in state && typeof state.ticker === 'string'
      ? state.ticker
      : (params.get('ticker') ?? '').trim().toUpperCase().slice(0, 12);
  });
  if (!session) return null;

  const tabs = TABS.filter((t) => t.allowed(session));
  const active = tabs.find((t) => t.key === params.get('tab'))?.key ?? tabs[0]?.key;
  const showDione = session.is_super || session.DA;
  const showTradeIdeas = session.is_super || session.TIA;
  const vars = {
    '--tools-border': token.colorBorderSecondary,
    '--tools-hover': token.colorFillQuaternary,
    '--tools-active': token.colorPrimaryBg,
    '--tools-accent': token.colorPrimary,
    '--tools-muted': token.colorTextSecondary,
  } as CSSProperties;

  return (
    <div style={{ ...vars, maxWidth: 1400, margin: '0 auto', width: '100%' }}>
      <Flex justify="space-between" align="flex-end" gap={token.marginSM} wrap style={{ marginBottom: token.marginMD }}>
        <Typography.Text type="secondary" style={{ maxWidth: 560 }}>
          Research any ticker: Dione&apos;s buy and target ranges, Ask DRAT&apos;s company facts and SEC filings, and
          Range Radar&apos;s supports and resistances.
        </Typography.Text>
        <Flex gap={token.marginSM} wrap>
          {showDione && (
            <Credit label="Dione Credits" value={session.dione_credits} hint="Each Dione search uses one credit." />
          )}
          {showTradeIdeas && (
            <Credit
              label="Trade Ideas Credits"
              value={session.trade_ideas_credits}
              hint="Each Range Radar search uses one credit."
            />
          )}
        </Flex>
      </Flex>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={tabs.map((t) => ({
          key: t.key,
          label: t.label,
          icon: t.icon,
          children: t.render(ticker, setTicker),
        }))}
      />
    </div>
  );
}
