import { Grid } from 'antd';

/** Cards of the market section: roomy on wider screens, compact on phones (down to 360 px). */
export function useCompactCards(): { size: 'default' | 'small'; padding: number } {
  const screens = Grid.useBreakpoint();
  const compact = screens.sm === false;
  return { size: compact ? 'small' : 'default', padding: compact ? 12 : 24 };
}
