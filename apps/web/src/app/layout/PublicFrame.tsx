import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, theme } from 'antd';
import { BrandMark } from '../../components/BrandMark';

/** Header and footer of the public pages. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          padding: '14px 24px',
          background: token.colorBgContainer,
        }}
      >
        <BrandMark size={30} />
        <strong style={{ fontSize: 20, flex: 1, color: token.colorText }}>DRAT</strong>
        <Link to="/login">
          <Button type="primary">Login</Button>
        </Link>
      </header>
      <main style={{ flex: 1, width: '100%', maxWidth: 1100, margin: '0 auto', padding: 24 }}>{children}</main>
    </div>
  );
}
