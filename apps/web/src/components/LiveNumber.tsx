import { useState, type CSSProperties } from 'react';
import { formatPercent, formatPrice } from '../lib/format';
import { directionColor, useMarketColors } from '../lib/marketColors';
import styles from './LiveNumber.module.css';

/** A price that flashes green or red for a moment when it changes (live quotes). */
export function LivePrice({
  value,
  style,
  format = formatPrice,
}: {
  value: number | undefined;
  style?: CSSProperties;
  /** How the number is written; market quotes by default. */
  format?: (value: number | undefined) => string;
}) {
  const colors = useMarketColors();
  const [previous, setPrevious] = useState(value);
  const [flash, setFlash] = useState({ count: 0, up: true });
  if (value !== previous) {
    setPrevious(value);
    if (value !== undefined && previous !== undefined) setFlash({ count: flash.count + 1, up: value > previous });
  }
  const flashing = flash.count > 0;
  const flashStyle = flashing
    ? ({ '--flash': flash.up ? colors.upSoft : colors.downSoft } as CSSProperties)
    : undefined;
  return (
    <span
      key={flash.count}
      className={flashing ? `${styles.tabular} ${styles.flash}` : styles.tabular}
      style={{ whiteSpace: 'nowrap', ...flashStyle, ...style }}
    >
      {format(value)}
    </span>
  );
}

/** A signed percent change in the up/down colour. */
export function ChangePercent({
  value,
  style,
  strong,
}: {
  value: number | undefined;
  style?: CSSProperties;
  strong?: boolean;
}) {
  const colors = useMarketColors();
  return (
    <span
      className={styles.tabular}
      style={{ color: directionColor(value, colors), fontWeight: strong ? 600 : undefined, ...style }}
    >
      {formatPercent(value)}
    </span>
  );
}
