import { Avatar, Button, Dropdown, Space, Tooltip, Typography, theme } from 'antd';
import type { MenuProps } from 'antd';
import {
  InstagramOutlined,
  LogoutOutlined,
  MenuOutlined,
  SettingOutlined,
  UserOutlined,
  XOutlined,
  YoutubeOutlined,
  BarChartOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { SessionData } from '@drat/contracts';
import { can } from '../access';
import { DemoLiveSwitch } from './DemoLiveSwitch';

const SOCIAL = [
  { label: 'DRAT on X', href: 'https://x.com/drat', icon: <XOutlined /> },
  { label: 'DRAT on Instagram', href: 'https://www.instagram.com/drat', icon: <InstagramOutlined /> },
  { label: 'DRAT on YouTube', href: 'https://www.youtube.com/@drat', icon: <YoutubeOutlined /> },
];

interface Props {
  session: SessionData;
  title: string;
  mobile: boolean;
  onHamburger: () => void;
  onLogout: () => void;
}

/** Demo/live switch, social links and the account menu by role (2-trading §2.10). */
export function TopBar({ session, title, mobile, onHamburger, onLogout }: Props) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const menu: MenuProps['items'] = [
    ...(can.brokerSettings(session)
      ? [
          {
            key: 'broker',
            icon: <SettingOutlined />,
            label: 'Broker Settings',
            onClick: () => navigate('/trade/settings'),
          },
        ]
      : []),
    ...(can.admin(session)
      ? [
          {
            key: 'analysis',
            icon: <BarChartOutlined />,
            label: 'Smart Trader Analysis',
            onClick: () => navigate('/management/smart-trader'),
          },
        ]
      : []),
    { key: 'settings', icon: <UserOutlined />, label: 'Settings', onClick: () => navigate('/settings') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', danger: true, onClick: onLogout },
  ];
  return (
    <header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        height: 60,
        padding: '0 16px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {mobile && <Button type="text" icon={<MenuOutlined />} onClick={onHamburger} aria-label="Open navigation" />}
      <Typography.Title level={4} style={{ margin: 0, flex: 1, minWidth: 0 }} ellipsis>
        {title}
      </Typography.Title>
      <Space size={mobile ? 4 : 12} align="center">
        <DemoLiveSwitch session={session} />
        {!mobile &&
          SOCIAL.map((s) => (
            <Tooltip key={s.href} title={s.label}>
              <Button
                type="text"
                shape="circle"
                icon={s.icon}
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={s.label}
              />
            </Tooltip>
          ))}
        <Dropdown menu={{ items: menu }} trigger={['click']} placement="bottomRight">
          <Button type="text" style={{ paddingInline: 4, height: 40 }} aria-label="Account menu">
            <Space>
              <Avatar size={30} src={session.image ?? undefined} icon={<UserOutlined />} />
              {!mobile && <span>{session.username}</span>}
            </Space>
          </Button>
        </Dropdown>
      </Space>
    </header>
  );
}
