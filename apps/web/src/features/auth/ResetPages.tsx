import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Form, Input, Result, Spin, Steps, Typography, theme } from 'antd';
import useApp from 'antd/es/app/useApp';
import { ArrowLeftOutlined, KeyOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { MSG, passwordResetBody, RESET_TOKEN_TTL_MINUTES, resetCodeBody, ROUTES } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { zodFieldRule } from '../../lib/zodRule';
import { CenteredAuthCard, EmailFormItem, failureMessages, fieldErrors, LinkButton, MessageLines } from './AuthFrame';
import styles from './auth.module.css';
import { useConfirmResetToken, useRequestPasswordReset, useSetNewPassword } from './mutations';
import { useDemoMailbox, useResetLink } from './queries';

const RESET_EMAIL_RULES = [zodFieldRule(passwordResetBody, 'email')];
/** The form calls the e-mailed token `token`; the body sends it as `code`. */
const TOKEN_RULES = [zodFieldRule(resetCodeBody, 'code')];

/** How long the success screen shows before the login screen (1-core §2 "Password reset screens"). */
const REDIRECT_AFTER_RESET_MS = 2000;

function BackToLogin() {
  return (
    <Link to={ROUTES.login}>
      <ArrowLeftOutlined /> Back to login
    </Link>
  );
}

/** /reset-password: the account e-mail; Submit stays disabled while it is empty. */
export function ResetRequestPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<{ email: string }>();
  const email = Form.useWatch('email', form) ?? '';
  const [errors, setErrors] = useState<string[] | null>(null);

  const mutation = useRequestPasswordReset({
    onMutate: () => setErrors(null),
    onSuccess: (_reply, value) => navigate(ROUTES.resetEmailSent, { state: { email: value } }),
    onError: (err) => {
      const fields = fieldErrors(err, ['email']);
      if (fields.length > 0) form.setFields(fields);
      else setErrors(failureMessages(err));
    },
  });

  return (
    <CenteredAuthCard testId="reset-request">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Forgot your password?
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Enter the e-mail of your DRAT account. We will send you a link and a token to choose a new password.
      </Typography.Paragraph>
      {errors ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={<MessageLines messages={errors} />} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={({ email: value }) => mutation.mutate(value.trim())}
      >
        <EmailFormItem autoComplete="email" rules={RESET_EMAIL_RULES} />
        <Button type="primary" htmlType="submit" block disabled={email.trim() === ''} loading={mutation.isPending}>
          Submit
        </Button>
      </Form>
      <div style={{ marginTop: 20, textAlign: 'center' }}>
        <BackToLogin />
      </div>
    </CenteredAuthCard>
  );
}

/** /forgot/email-sent/password: 'Check Your Email', with the demo mailbox when the server has one. */
export function ResetEmailSentPage() {
  const { token } = theme.useToken();
  const location = useLocation();
  const state: unknown = location.state;
  const email =
    state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : null;
  const mailbox = useDemoMailbox();

  return (
    <CenteredAuthCard testId="reset-email-sent">
      <div style={{ textAlign: 'center' }}>
        <span className={styles.iconBubble} style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}>
          <MailOutlined />
        </span>
        <Typography.Title level={3} style={{ margin: '16px 0 8px' }}>
          {MSG.checkYourEmail}
        </Typography.Title>
        <Typography.Paragraph>
          {email ? (
            <>
              If an account exists for <Typography.Text strong>{email}</Typography.Text>, a reset e-mail is on its way.
            </>
          ) : (
            MSG.resetEmailSent
          )}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{MSG.resetCheckEmailHint(RESET_TOKEN_TTL_MINUTES)}</Typography.Paragraph>
        {mailbox.data ? (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="demo-mailbox-hint">
            Demo mode: the e-mail is in the{' '}
            <a href="/dev/mailbox" target="_blank" rel="noreferrer">
              demo mailbox
            </a>
            .
          </Typography.Paragraph>
        ) : null}
        <LinkButton to={ROUTES.login} type="primary" block size="large" style={{ marginTop: 8 }}>
          Back to login
        </LinkButton>
        <div style={{ marginTop: 16 }}>
          <Typography.Text type="secondary">No e-mail? </Typography.Text>
          <Link to={ROUTES.resetPassword}>Send it again</Link>
        </div>
      </div>
    </CenteredAuthCard>
  );
}

interface PasswordValues {
  p1: string;
  p2: string;
}

/**
 * /reset-password/:token_activation_code/confirm-token: the link is checked first (an invalid one
 * goes to /), then step 1 the e-mailed token, step 2 the new password, then back to login.
 */
export function ResetConfirmPage() {
  const { token_activation_code: activation = '' } = useParams();
  const navigate = useNavigate();
  const { message } = useApp();
  const { token } = theme.useToken();
  const [step, setStep] = useState(0);
  const [resetkey, setResetkey] = useState('');
  const [errors, setErrors] = useState<string[] | null>(null);
  const [tokenForm] = Form.useForm<{ token: string }>();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const p1 = Form.useWatch('p1', passwordForm) ?? '';
  const p2 = Form.useWatch('p2', passwordForm) ?? '';
  const rejected = useRef(false);
  /** The digit hint steps aside while the server's own password errors show under the field. */
  const [p1ServerErrors, setP1ServerErrors] = useState(false);

  const link = useResetLink(activation);

  // A link the server rejects goes to /; a check that could not run (rate limit, server down) can be retried.
  const checkFailed =
    link.isError &&
    !(
      link.error instanceof ApiError &&
      link.error.status >= 400 &&
      link.error.status < 500 &&
      link.error.status !== 429
    );
  const invalid = activation === '' || link.data?.valid === false || (link.isError && !checkFailed);
  useEffect(() => {
    if (!invalid || rejected.current) return;
    rejected.current = true;
    void message.error(MSG.resetLinkInvalid);
    navigate('/', { replace: true });
  }, [invalid, message, navigate]);

  useEffect(() => {
    if (step !== 2) return;
    const timer = window.setTimeout(() => navigate(ROUTES.login, { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [step, navigate]);

  const confirm = useConfirmResetToken(activation, {
    onMutate: () => setErrors(null),
    onSuccess: (reply) => {
      setResetkey(reply.resetkey);
      setStep(1);
    },
    onError: (err) => {
      const fields = fieldErrors(err, ['code']);
      if (fields.length > 0) tokenForm.setFields(fields.map((f) => ({ ...f, name: 'token' as const })));
      else setErrors(failureMessages(err));
    },
  });

  const save = useSetNewPassword(resetkey, {
    onMutate: () => setErrors(null),
    onSuccess: () => {
      setStep(2);
      void message.success(MSG.redirectingToLogin);
    },
    onError: (err) => {
      const fields = fieldErrors(err, ['p1', 'p2']);
      setP1ServerErrors(fields.some((f) => f.name === 'p1'));
      if (fields.length > 0) passwordForm.setFields(fields);
      else setErrors(failureMessages(err));
    },
  });

  if (checkFailed) {
    return (
      <CenteredAuthCard testId="reset-confirm">
        <Alert
          type="error"
          showIcon
          title={<MessageLines messages={failureMessages(link.error)} />}
          style={{ marginBottom: 20 }}
        />
        <Button type="primary" block size="large" loading={link.isFetching} onClick={() => void link.refetch()}>
          Try again
        </Button>
        <div style={{ marginTop: 20, textAlign: 'center' }}>
          <BackToLogin />
        </div>
      </CenteredAuthCard>
    );
  }

  if (invalid || !link.data?.valid) {
    return (
      <CenteredAuthCard testId="reset-confirm">
        <div style={{ textAlign: 'center', padding: '24px 0' }}>
          <Spin />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            Checking your reset link…
          </Typography.Paragraph>
        </div>
      </CenteredAuthCard>
    );
  }

  const mismatch = p1 !== '' && p2 !== '' && p1 !== p2;

  return (
    <CenteredAuthCard testId="reset-confirm">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Reset your password
      </Typography.Title>
      <Steps
        current={step}
        status={step === 2 ? 'finish' : 'process'}
        size="small"
        style={{ margin: '8px 0 28px' }}
        items={[{ title: 'Enter token' }, { title: 'New password' }, { title: 'Done' }]}
      />
      {errors ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={<MessageLines messages={errors} />}
          action={
            step === 1 ? (
              <Link to={ROUTES.resetPassword} style={{ whiteSpace: 'nowrap' }}>
                New link
              </Link>
            ) : undefined
          }
        />
      ) : null}

      {step === 0 ? (
        <Form
          form={tokenForm}
          layout="vertical"
          requiredMark={false}
          size="large"
          onFinish={({ token: code }) => confirm.mutate(code.trim())}
        >
          <Typography.Paragraph type="secondary">Enter the token from the e-mail we sent you.</Typography.Paragraph>
          <Form.Item label="Token" name="token" rules={TOKEN_RULES}>
            <Input
              prefix={<KeyOutlined />}
              autoComplete="one-time-code"
              placeholder="e.g. 7KQ4M2XD"
              autoFocus
              style={{ fontFamily: token.fontFamilyCode, letterSpacing: '0.1em' }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={confirm.isPending}>
            Continue
          </Button>
        </Form>
      ) : null}

      {step === 1 ? (
        <Form
          form={passwordForm}
          layout="vertical"
          requiredMark={false}
          size="large"
          onFinish={(values) => save.mutate(values)}
          onValuesChange={(changed: Partial<PasswordValues>) => {
            if ('p1' in changed) setP1ServerErrors(false);
          }}
        >
          <Form.Item
            label="New Password"
            name="p1"
            extra={p1ServerErrors ? undefined : MSG.passwordNeedsDigit}
            rules={[{ required: true, message: MSG.fieldRequired }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item
            label="Confirm Password"
            name="p2"
            dependencies={['p1']}
            rules={[
              { required: true, message: MSG.fieldRequired },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  !value || value === getFieldValue('p1')
                    ? Promise.resolve()
                    : Promise.reject(new Error(MSG.passwordsDoNotMatch)),
              }),
            ]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            disabled={p1 === '' || p2 === '' || mismatch}
            loading={save.isPending}
          >
            Reset
          </Button>
        </Form>
      ) : null}

      {step === 2 ? (
        <Result
          status="success"
          title="Password reset"
          subTitle={MSG.passwordResetDone}
          style={{ padding: '8px 0 0' }}
        />
      ) : null}

      {step < 2 ? (
        <div style={{ marginTop: 20, textAlign: 'center' }}>
          <BackToLogin />
        </div>
      ) : null}
    </CenteredAuthCard>
  );
}
