import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Divider, Form, Input, Typography, theme } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { IDLE_LOGOUT_MINUTES, loginBody, MSG, RENEWAL_PATH, ROUTES, type SessionData } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { login, type ExpiredReply } from '../../api/auth';
import { landingRoute } from '../../app/access';
import { lastSignOutReason, setSession } from '../../app/session';
import { zodFieldRule } from '../../lib/zodRule';
import { STORAGE_KEYS } from '../../lib/storage';
import { Brand, EmailFormItem, failureMessages, LinkButton, MessageLines, useAuthCssVars } from './AuthFrame';
import { OtpModal } from './OtpModal';
import { PromoCarousel } from './PromoCarousel';
import styles from './auth.module.css';

interface LoginValues {
  email: string;
  password: string;
}

const PASSWORD_RULES = [zodFieldRule(loginBody, 'password')];

/** A 403 for a user whose subscriptions all ended carries `expired` and the renewal link. */
function expiredReply(err: unknown): ExpiredReply | null {
  if (err instanceof ApiError && err.status === 403 && err.body.expired === true) {
    const url = err.body.renewal_url;
    return { expired: true, renewal_url: typeof url === 'string' && url.startsWith('/') ? url : RENEWAL_PATH };
  }
  return null;
}

/** The login screen of 1-core §2: form card on the left, promo carousel on the right. */
export function LoginPage() {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const cssVars = useAuthCssVars();
  const [form] = Form.useForm<LoginValues>();
  const [signOutReason] = useState(lastSignOutReason);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [expired, setExpired] = useState<{ messages: string[]; url: string } | null>(null);
  const [otpEmail, setOtpEmail] = useState<string | null>(null);
  const [otpRound, setOtpRound] = useState(0);

  /** Stores the session and goes to the last stored route, else /dashboard (1-core §2 guard of /). */
  const signIn = (session: SessionData) => {
    setSession(session);
    navigate(landingRoute(session, localStorage.getItem(STORAGE_KEYS.lastRoute)), { replace: true });
  };

  const mutation = useMutation({
    mutationFn: (values: LoginValues) => login(values.email.trim(), values.password),
    onMutate: () => {
      setErrors(null);
      setExpired(null);
    },
    onSuccess: (reply) => {
      if ('user_data' in reply) signIn(reply.user_data);
      else {
        setOtpRound((n) => n + 1);
        setOtpEmail(reply.email);
      }
    },
    onError: (err) => {
      const renewal = expiredReply(err);
      if (renewal) setExpired({ messages: failureMessages(err), url: renewal.renewal_url ?? RENEWAL_PATH });
      else setErrors(failureMessages(err));
    },
  });

  const attempted = mutation.isPending || mutation.isError || mutation.isSuccess;
  const notice =
    !attempted && signOutReason === 'expired' ? (
      <Alert
        type="warning"
        showIcon
        title={MSG.sessionExpired}
        description={MSG.sessionExpiredHint}
        data-testid="session-notice"
      />
    ) : !attempted && signOutReason === 'idle' ? (
      <Alert
        type="info"
        showIcon
        title="Signed out"
        description={MSG.signedOutIdle(IDLE_LOGOUT_MINUTES)}
        data-testid="session-notice"
      />
    ) : null;

  return (
    <div className={styles.page} style={cssVars}>
      <main className={styles.formColumn}>
        <Card
          className={styles.formCard}
          variant="borderless"
          style={{ boxShadow: token.boxShadowTertiary }}
          styles={{ body: { padding: '36px 36px 28px' } }}
        >
          <Brand />
          <Typography.Title level={2} style={{ margin: '28px 0 6px' }}>
            Sign in to DRAT
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
            Welcome back. Your alerts, tools and smart trades are waiting.
          </Typography.Paragraph>

          {notice ? <div style={{ marginBottom: 20 }}>{notice}</div> : null}
          {expired ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 20 }}
              data-testid="renewal-notice"
              title={<MessageLines messages={expired.messages} />}
              description={
                <span>
                  Renew your plan to sign in again. <Link to={expired.url}>Renew subscription</Link>
                </span>
              }
            />
          ) : null}
          {errors ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 20 }}
              data-testid="login-error"
              title={<MessageLines messages={errors} />}
            />
          ) : null}

          <Form<LoginValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            size="large"
            onFinish={(values) => mutation.mutate(values)}
            autoComplete="on"
          >
            <EmailFormItem autoComplete="username" />
            <Form.Item label="Password" name="password" rules={PASSWORD_RULES} style={{ marginBottom: 8 }}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="Your password" />
            </Form.Item>
            <div style={{ textAlign: 'right', marginBottom: 20 }}>
              <Link to={ROUTES.resetPassword}>Forgot password?</Link>
            </div>
            <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
              Login
            </Button>
          </Form>

          <Divider plain style={{ margin: '24px 0 16px' }}>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              New to DRAT?
            </Typography.Text>
          </Divider>
          <LinkButton to={RENEWAL_PATH} block size="large">
            Create an account
          </LinkButton>
        </Card>
        <Typography.Text type="secondary" className={styles.footer}>
          © {new Date().getFullYear()} DRAT · Trading involves risk.
        </Typography.Text>
      </main>
      <aside className={styles.promoColumn} aria-label="About DRAT">
        <PromoCarousel />
      </aside>

      <OtpModal
        key={otpRound}
        email={otpEmail}
        onCancel={() => setOtpEmail(null)}
        onVerified={(session) => {
          setOtpEmail(null);
          signIn(session);
        }}
      />
    </div>
  );
}
