import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Divider, Form } from 'antd';
// The password input itself, not the Input namespace (with TextArea, Search, OTP).
import Password from 'antd/es/input/Password';
import { LockOutlined } from '@ant-design/icons';
import { IDLE_LOGOUT_MINUTES, MSG, RENEWAL_PATH, ROUTES, type SessionData } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { login, type ExpiredReply } from '../../api/auth';
import { landingRoute } from '../../app/access';
import { loadScreen } from '../../app/loadScreen';
import { lastSignOutReason, setSession } from '../../app/session';
import { lazyDialog } from '../../lib/lazyPage';
import { lazyRule } from '../../lib/lazyRule';
import { STORAGE_KEYS } from '../../lib/storage';
import {
  AuthPanel,
  Brand,
  EmailFormItem,
  failureMessages,
  LinkButton,
  MessageLines,
  useAuthCssVars,
} from './AuthFrame';
import { PromoCarousel } from './PromoCarousel';
import styles from './auth.module.css';

interface LoginValues {
  email: string;
  password: string;
}

/**
 * The password's rule of the sign-in schema (loginRules.ts). The schema and zod are fetched by the
 * first check, not with the page: the sign-in screen's first download stays small (issue 12).
 */
const PASSWORD_RULES = [lazyRule(async () => (await import('./loginRules')).PASSWORD_RULE)];

// Opens only after the password of an account with two-factor sign-in: fetched then.
const OtpModal = lazyDialog(
  () => loadScreen(async () => (await import('./OtpModal')).OtpModal),
  (props) => props.email !== null,
);

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
  const cssVars = useAuthCssVars();
  const [form] = Form.useForm<LoginValues>();
  const [signOutReason] = useState(lastSignOutReason);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [expired, setExpired] = useState<{ messages: string[]; url: string } | null>(null);
  const [otpEmail, setOtpEmail] = useState<string | null>(null);
  const [otpRound, setOtpRound] = useState(0);
  const [pending, setPending] = useState(false);
  const [attempted, setAttempted] = useState(false);

  /** Stores the session and goes to the last stored route, else /dashboard (1-core §2 guard of /). */
  const signIn = (session: SessionData) => {
    setSession(session);
    navigate(landingRoute(session, localStorage.getItem(STORAGE_KEYS.lastRoute)), { replace: true });
  };

  /** One sign-in call (a plain call: React Query is not in this page's download, app/queryClient.tsx). */
  const submit = async (values: LoginValues) => {
    setPending(true);
    setAttempted(true);
    setErrors(null);
    setExpired(null);
    try {
      const reply = await login(values.email.trim(), values.password);
      if ('user_data' in reply) signIn(reply.user_data);
      else {
        setOtpRound((n) => n + 1);
        setOtpEmail(reply.email);
      }
    } catch (err) {
      const renewal = expiredReply(err);
      if (renewal) setExpired({ messages: failureMessages(err), url: renewal.renewal_url ?? RENEWAL_PATH });
      else setErrors(failureMessages(err));
    } finally {
      setPending(false);
    }
  };

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
        <AuthPanel className={styles.formCard} padding="36px 36px 28px">
          <Brand />
          <h2 className={styles.title} style={{ margin: '28px 0 6px' }}>
            Sign in to DRAT
          </h2>
          <div className={styles.secondary} style={{ marginBottom: 24 }}>
            Welcome back. Your alerts, tools and smart trades are waiting.
          </div>

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
            onFinish={(values) => void submit(values)}
            autoComplete="on"
          >
            <EmailFormItem autoComplete="username" />
            <Form.Item label="Password" name="password" rules={PASSWORD_RULES} style={{ marginBottom: 8 }}>
              <Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="Your password" />
            </Form.Item>
            <div style={{ textAlign: 'right', marginBottom: 20 }}>
              <Link to={ROUTES.resetPassword}>Forgot password?</Link>
            </div>
            <Button type="primary" htmlType="submit" block loading={pending}>
              Login
            </Button>
          </Form>

          <Divider plain style={{ margin: '24px 0 16px' }}>
            <span className={styles.secondary} style={{ fontSize: 13 }}>
              New to DRAT?
            </span>
          </Divider>
          <LinkButton to="/pay" block size="large">
            Create an account
          </LinkButton>
        </AuthPanel>
        <span className={`${styles.secondary} ${styles.footer}`}>
          © {new Date().getFullYear()} DRAT · Trading involves risk.
        </span>
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
