import { useId } from 'react';

interface Props {
  values: readonly number[];
  /** The previous close: drawn as a faint dashed line when it lies in the range. */
  baseline?: number;
  color: string;
  height?: number;
  /** Accessible summary, e.g. 'SPY today, up 0.4 %'. */
  label: string;
}

const W = 100;

/** A mini line chart as inline SVG (no canvas, no external resources); stretches to its width. */
export function Sparkline({ values, baseline, color, height = 32, label }: Props) {
  const gradientId = useId();
  const points = values.filter((v) => Number.isFinite(v));
  if (points.length < 2) return <svg role="img" aria-label={label} width="100%" height={height} />;
  let min = Math.min(...points);
  let max = Math.max(...points);
  if (baseline !== undefined && Number.isFinite(baseline)) {
    min = Math.min(min, baseline);
    max = Math.max(max, baseline);
  }
  const span = max - min || Math.abs(max) * 0.01 || 1;
  const pad = 2;
  const y = (v: number) => pad + (1 - (v - min) / span) * (height - pad * 2);
  const x = (i: number) => (i / (points.length - 1)) * W;
  const line = points.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(2)},${y(v).toFixed(2)}`).join('');
  const area = `${line}L${W},${height}L0,${height}Z`;
  return (
    <svg
      role="img"
      aria-label={label}
      width="100%"
      height={height}
      viewBox={`0 0 ${W} ${height}`}
      preserveAspectRatio="none"
      style={{ display: 'block', overflow: 'visible' }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={color} stopOpacity={0.28} />
          <stop offset="100%" stopColor={color} stopOpacity={0} />
        </linearGradient>
      </defs>
      {baseline !== undefined && Number.isFinite(baseline) && (
        <line
          x1={0}
          x2={W}
          y1={y(baseline)}
          y2={y(baseline)}
          stroke={color}
          strokeOpacity={0.35}
          strokeDasharray="2 3"
          vectorEffect="non-scaling-stroke"
        />
      )}
      <path d={area} fill={`url(#${gradientId})`} stroke="none" />
      <path
        d={line}
        fill="none"
        stroke={color}
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
