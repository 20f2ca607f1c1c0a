import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';
import { CheckCircleFilled, MoonOutlined, SunOutlined } from '@ant-design/icons';
import type { Theme } from '@drat/contracts';
import { BRAND_COLOR, useTheme } from '../../app/theme';
import { Section } from './parts';
import { useSaveTheme } from './queries';

/** The real tokens of each theme, so the previews show what the app will look like. */
const PREVIEW_TOKENS = {
  light: theme.getDesignToken({ algorithm: theme.defaultAlgorithm, token: { colorPrimary: BRAND_COLOR } }),
  dark: theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { colorPrimary: BRAND_COLOR } }),
} satisfies Record<Theme, unknown>;

const OPTIONS: { value: Theme; label: string; icon: ReactNode }[] = [
  { value: 'light', label: 'Light', icon: <SunOutlined /> },
  { value: 'dark', label: 'Dark', icon: <MoonOutlined /> },
];

function Preview({ value }: { value: Theme }) {
  const t = PREVIEW_TOKENS[value];
  const bar = (width: string, color: string) => (
    <div style={{ height: 6, width, borderRadius: 3, background: color }} />
  );
  return (
    <div
      aria-hidden
      style={{
        display: 'flex',
        height: 96,
        borderRadius: t.borderRadius,
        overflow: 'hidden',
        background: t.colorBgLayout,
        border: `1px solid ${t.colorBorderSecondary}`,
      }}
    >
      <div
        style={{
          width: '26%',
          padding: 8,
          background: t.colorBgContainer,
          display: 'flex',
          flexDirection: 'column',
          gap: 6,
        }}
      >
        {bar('80%', t.colorPrimary)}
        {bar('60%', t.colorFill)}
        {bar('70%', t.colorFill)}
        {bar('50%', t.colorFill)}
      </div>
      <div style={{ flex: 1, padding: 8, display: 'flex', flexDirection: 'column', gap: 6 }}>
        {bar('45%', t.colorTextSecondary)}
        <div
          style={{
            flex: 1,
            borderRadius: t.borderRadiusSM,
            background: t.colorBgContainer,
            border: `1px solid ${t.colorBorderSecondary}`,
            padding: 6,
            display: 'flex',
            flexDirection: 'column',
            gap: 5,
          }}
        >
          {bar('70%', t.colorFillSecondary)}
          {bar('55%', t.colorFillSecondary)}
          <div style={{ display: 'flex', gap: 4 }}>
            {bar('22%', t.colorSuccess)}
            {bar('16%', t.colorError)}
          </div>
        </div>
      </div>
    </div>
  );
}

export function AppearanceTab() {
  const { token } = theme.useToken();
  const current = useTheme();
  const save = useSaveTheme();

  return (
    <Section title="Theme" description="Pick how DRAT looks. Your choice is saved to your account and this browser.">
      <Flex gap={token.marginMD} wrap role="group" aria-label="Theme">
        {OPTIONS.map(({ value, label, icon }) => {
          const active = current === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={active}
              disabled={save.isPending}
              onClick={() => !active && save.mutate(value)}
              style={{
                flex: '1 1 130px',
                maxWidth: 280,
                padding: token.paddingSM,
                textAlign: 'left',
                font: 'inherit',
                color: token.colorText,
                cursor: save.isPending ? 'progress' : 'pointer',
                background: active ? token.colorPrimaryBg : token.colorBgContainer,
                border: `${active ? 2 : 1}px solid ${active ? token.colorPrimary : token.colorBorder}`,
                margin: active ? 0 : 1,
                borderRadius: token.borderRadiusLG,
                boxShadow: active ? token.boxShadowTertiary : 'none',
                transition: `all ${token.motionDurationMid}`,
              }}
            >
              <Preview value={value} />
              <Flex align="center" justify="space-between" style={{ marginTop: token.marginSM }}>
                <Typography.Text strong style={{ color: active ? token.colorPrimaryText : token.colorText }}>
                  <span aria-hidden style={{ marginRight: token.marginXS }}>
                    {icon}
                  </span>
                  {label}
                </Typography.Text>
                {active && (
                  <CheckCircleFilled aria-hidden style={{ color: token.colorPrimary, fontSize: token.fontSizeLG }} />
                )}
              </Flex>
            </button>
          );
        })}
      </Flex>
    </Section>
  );
}
