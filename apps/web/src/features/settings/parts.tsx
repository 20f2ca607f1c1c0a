import type { ReactNode } from 'react';
import { Card, Flex, Grid, Typography, theme } from 'antd';

/** A titled block of the settings screen. */
export function Section({
  title,
  description,
  extra,
  children,
}: {
  title: string;
  description?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const padding = screens.sm === false ? token.padding : token.paddingLG;
  return (
    <Card variant="outlined" styles={{ body: { padding } }} style={{ height: '100%' }}>
      <Flex
        justify="space-between"
        align="flex-start"
        gap={token.marginSM}
        wrap
        style={{ marginBottom: token.marginLG }}
      >
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {description && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: token.marginXXS }}>
              {description}
            </Typography.Text>
          )}
        </div>
        {extra}
      </Flex>
      {children}
    </Card>
  );
}

/**
 * One switchable setting: the label (linked to the control by id, so it names it for assistive
 * technology and browser tests), a line of explanation, and the control on the right.
 */
export function SettingRow({
  id,
  label,
  description,
  control,
  footer,
  divider = true,
}: {
  id: string;
  label: string;
  description?: ReactNode;
  control: ReactNode;
  footer?: ReactNode;
  divider?: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        padding: `${token.paddingMD}px 0`,
        borderTop: divider ? `1px solid ${token.colorBorderSecondary}` : undefined,
      }}
    >
      <Flex justify="space-between" align="center" gap={token.marginMD}>
        <div style={{ minWidth: 0 }}>
          <label htmlFor={id} style={{ fontWeight: token.fontWeightStrong, color: token.colorText, cursor: 'pointer' }}>
            {label}
          </label>
          {description && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: token.fontSizeSM }}>
              {description}
            </Typography.Text>
          )}
        </div>
        <div style={{ flex: 'none' }}>{control}</div>
      </Flex>
      {footer && <div style={{ marginTop: token.marginSM }}>{footer}</div>}
    </div>
  );
}
