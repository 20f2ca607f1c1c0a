import type { ReactNode } from 'react';
import { Button, Card, Col, Empty, Flex, Rate, Row, Tag, Typography } from 'antd';
import {
  AimOutlined,
  CheckOutlined,
  FallOutlined,
  LineChartOutlined,
  RiseOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { DioneAnalysisDto, DioneMissingDto, DioneResultDto, DioneTrend, DioneType } from '@drat/contracts';
import { formatDateTime } from '../../../lib/format';
import { useMarketColors } from '../../../lib/marketColors';
import type { DioneLevels } from '../../smart-trades';
import { dollarRange, dollars } from '../format';
import { dioneLevels } from './levels';
import styles from '../tools.module.css';

const TERMS: { type: DioneType; title: string; horizon: string }[] = [
  { type: 'SHORT', title: 'Short Term', horizon: 'Days to weeks, from daily bars' },
  { type: 'LONG', title: 'Long Term', horizon: 'Months, from weekly bars' },
];

const TREND: Record<DioneTrend, { label: string; color: string; icon: ReactNode }> = {
  up: { label: 'Uptrend', color: 'green', icon: <RiseOutlined /> },
  sideways: { label: 'Sideways', color: 'default', icon: <SwapOutlined /> },
  down: { label: 'Downtrend', color: 'red', icon: <FallOutlined /> },
};

const isFound = (a: DioneAnalysisDto | DioneMissingDto): a is DioneAnalysisDto => 'Last Price' in a;

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <div className={styles.figure}>
      <span className={styles.figureLabel}>{label}</span>
      <span className={styles.figureValue} style={{ color }}>
        {value}
      </span>
    </div>
  );
}

interface TermProps {
  title: string;
  horizon: string;
  analysis: DioneAnalysisDto | DioneMissingDto;
  tracked: boolean;
  tracking: boolean;
  canTrack: boolean;
  onTrack: () => void;
  /** Opens the trade drawer with this term's levels (absent: no Trade button). */
  onTrade?: () => void;
}

function TermCard({ title, horizon, analysis, tracked, tracking, canTrack, onTrack, onTrade }: TermProps) {
  const colors = useMarketColors();
  const head = (
    <Flex vertical gap={0} style={{ padding: '10px 0' }}>
      <span>{title}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
        {horizon}
      </Typography.Text>
    </Flex>
  );
  if (!isFound(analysis)) {
    return (
      <Card title={head} role="region" aria-label={title} style={{ height: '100%' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={analysis.message} />
      </Card>
    );
  }
  const trend = TREND[analysis.trend];
  return (
    <Card
      title={head}
      role="region"
      aria-label={title}
      style={{ height: '100%' }}
      extra={
        <Rate
          disabled
          allowHalf={false}
          value={analysis.rating}
          style={{ fontSize: 14 }}
          aria-label={`${analysis.rating} stars`}
        />
      }
    >
      <Flex vertical gap={14}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Tag color={trend.color} icon={trend.icon} variant="filled">
            {trend.label}
          </Tag>
          {onTrade && (
            <Button icon={<LineChartOutlined />} onClick={onTrade} aria-label={`Trade ${title}`}>
              Trade
            </Button>
          )}
          {canTrack && (
            <Button
              type={tracked ? 'default' : 'primary'}
              icon={tracked ? <CheckOutlined /> : <AimOutlined />}
              disabled={tracked}
              loading={tracking}
              onClick={onTrack}
              aria-label={tracked ? `${title} tracked` : `Track ${title}`}
            >
              {tracked ? 'Tracked' : 'Track'}
            </Button>
          )}
        </Flex>
        <div className={styles.figures}>
          <Figure label="Last Price" value={dollars(analysis['Last Price'])} />
          <Figure label="Buy Range" value={dollarRange(analysis['Buy Range'])} />
          <Figure label="Target Range" value={dollarRange(analysis['Target Range'])} color={colors.up} />
          <Figure label="Stop Loss" value={dollars(analysis['Stop Loss'])} color={colors.down} />
          <Figure label="Risk Vs Reward" value={analysis['Risk Vs Reward']} />
        </div>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Drat Quote
          </Typography.Text>
          <blockquote className={styles.quote}>{analysis['Drat Quote']}</blockquote>
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {analysis.message}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

interface Props {
  result: DioneResultDto;
  /** The term being tracked right now, if any. */
  tracking: DioneType | null;
  onTrack: (type: DioneType) => void;
  /** Trade a term's levels (1-core §2: Trade on Dione results opens the trade drawer). */
  onTrade?: (levels: DioneLevels) => void;
}

function tradeOf(
  ticker: string,
  analysis: DioneAnalysisDto | DioneMissingDto,
  onTrade: Props['onTrade'],
): (() => void) | undefined {
  const levels = onTrade && isFound(analysis) ? dioneLevels(ticker, analysis) : null;
  return levels ? () => onTrade!(levels) : undefined;
}

/** The two-card Dione result (1-core §2, §3 "Dione result"): short term and long term, each trackable. */
export function DioneResultCards({ result, tracking, onTrack, onTrade }: Props) {
  const terms = {
    SHORT: { analysis: result.short_analysis, tracked: result.tracked_short, history: result.short_term_history_data },
    LONG: { analysis: result.long_analysis, tracked: result.tracked_long, history: result.long_term_history_data },
  };
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {result.ticker}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 15, fontWeight: 400 }}>
            {result.company_name}
          </Typography.Text>
        </Typography.Title>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Searched {formatDateTime(result.date_queried)}
        </Typography.Text>
      </Flex>
      <Row gutter={[16, 16]}>
        {TERMS.map(({ type, title, horizon }) => (
          <Col key={type} xs={24} lg={12}>
            <TermCard
              title={title}
              horizon={horizon}
              analysis={terms[type].analysis}
              tracked={terms[type].tracked}
              canTrack={terms[type].history !== null}
              tracking={tracking === type}
              onTrack={() => onTrack(type)}
              onTrade={tradeOf(result.ticker, terms[type].analysis, onTrade)}
            />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
