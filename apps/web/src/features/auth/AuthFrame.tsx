import type { CSSProperties, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Form, theme, type ButtonProps, type FormRule } from 'antd';
// Input itself, not the Input namespace (with TextArea, Search, OTP): the sign-in page needs only this.
import Input from 'antd/es/input/Input';
import { MailOutlined } from '@ant-design/icons';
import { MSG } from '@drat/contracts';
import { ApiError, errorMessages } from '../../api/client';
import { BrandMark } from '../../components/BrandMark';
import styles from './auth.module.css';

/** antd tokens as CSS variables for auth.module.css, so light and dark both follow the theme. */
export function useAuthCssVars(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--auth-bg-layout': token.colorBgLayout,
    '--auth-glow': token.colorPrimaryBg,
    '--auth-panel-bg': token.colorBgContainer,
    '--auth-panel-radius': `${token.borderRadiusLG}px`,
    '--auth-panel-shadow': token.boxShadowTertiary,
    '--auth-text': token.colorText,
    '--auth-text-heading': token.colorTextHeading,
    '--auth-text-secondary': token.colorTextDescription,
    '--auth-font-size': `${token.fontSize}px`,
    '--auth-line-height': token.lineHeight,
    '--auth-heading-size': `${token.fontSizeHeading2}px`,
    '--auth-heading-line-height': token.lineHeightHeading2,
    '--auth-heading-weight': token.fontWeightStrong,
  } as CSSProperties;
}

/**
 * The raised panel of the sign-in and reset screens: antd's borderless Card as it looks (its colours,
 * radius, shadow and text from the theme's tokens through useAuthCssVars), drawn with a div so the
 * first screen does not load Card, whose code brings tabs, menus and dropdowns.
 */
export function AuthPanel({
  className,
  padding,
  testId,
  children,
}: {
  className?: string;
  padding: CSSProperties['padding'];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${styles.panel} ${className ?? ''}`} style={{ padding }} data-testid={testId}>
      {children}
    </div>
  );
}

/** The DRAT mark and word, linking to the login screen. */
export function Brand({ size = 36 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <Link to="/login" className={styles.brand} aria-label="DRAT home" style={{ color: token.colorText }}>
      <BrandMark size={size} />
      <span className={styles.wordmark}>DRAT</span>
    </Link>
  );
}

/** A single card in the middle of the page (password-reset screens). */
export function CenteredAuthCard({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={styles.centerPage} style={useAuthCssVars()}>
      <AuthPanel className={styles.centerCard} padding={32} testId={testId}>
        <div style={{ marginBottom: 24 }}>
          <Brand size={32} />
        </div>
        {children}
      </AuthPanel>
    </div>
  );
}

/**
 * The messages of a failed call, each once (a body may carry the same text as `detail` and in
 * `non_field_errors`). Without a readable body: the spec's generic text.
 */
export function failureMessages(err: unknown): string[] {
  if (err instanceof ApiError) {
    const list = [...new Set(errorMessages(err.body))];
    if (list.length > 0) return list;
    if (err.status === 0 || err.status >= 500) return [MSG.somethingWrong];
    return [err.message];
  }
  return [MSG.somethingWrong];
}

/** Field errors of a 400 body for the given form fields, as antd `setFields` entries. */
export function fieldErrors<F extends string>(err: unknown, fields: readonly F[]): { name: F; errors: string[] }[] {
  if (!(err instanceof ApiError) || err.status !== 400) return [];
  return fields.flatMap((name) => {
    const value = err.body[name];
    const errors = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    return errors.length > 0 ? [{ name, errors }] : [];
  });
}

/** Several messages as lines of one Alert title. */
export function MessageLines({ messages }: { messages: string[] }) {
  if (messages.length === 1) return <>{messages[0]}</>;
  return (
    <>
      {messages.map((m) => (
        <div key={m}>{m}</div>
      ))}
    </>
  );
}

/** A button-looking link that navigates inside the app (a real <a href>, so it opens in a new tab too). */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}

/**
 * 'Email is required' only: the sign-in form leaves the rest of the e-mail check to the server, whose
 * answer names the field it checked ('Username : …').
 */
const EMAIL_REQUIRED: FormRule[] = [{ required: true, whitespace: true, message: MSG.emailRequired }];

/** The e-mail field of the sign-in and reset forms (field name `email`). */
export function EmailFormItem({
  autoComplete,
  rules = EMAIL_REQUIRED,
}: {
  autoComplete: 'username' | 'email';
  rules?: FormRule[];
}) {
  return (
    <Form.Item label="Email" name="email" rules={rules}>
      <Input
        prefix={<MailOutlined />}
        inputMode="email"
        autoComplete={autoComplete}
        placeholder="you@example.com"
        autoFocus
      />
    </Form.Item>
  );
}
