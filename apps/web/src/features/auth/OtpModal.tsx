import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography, theme } from 'antd';
import useApp from 'antd/es/app/useApp';
import { MailOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { MSG, OTP_LENGTH, OTP_SUCCESS_DELAY_MS, type SessionData } from '@drat/contracts';
import { failureMessages, MessageLines } from './AuthFrame';
import { useResendOtp, useVerifyOtp } from './mutations';

interface Props {
  /** The e-mail the login answered with; the modal is open while it is set. */
  email: string | null;
  onCancel: () => void;
  /** Called OTP_SUCCESS_DELAY_MS after a successful verification. */
  onVerified: (session: SessionData) => void;
}

/**
 * 'Verify your Login OTP' (1-core §2, §4): Verify and Cancel; after a failed verification the error
 * shows with a Resend OTP button that works once.
 */
export function OtpModal({ email, onCancel, onVerified }: Props) {
  const { message } = useApp();
  const { token } = theme.useToken();
  const [otp, setOtp] = useState('');
  const [inputKey, setInputKey] = useState(0);
  const [required, setRequired] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [failedOnce, setFailedOnce] = useState(false);
  const [resendUsed, setResendUsed] = useState(false);
  const [verified, setVerified] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const verify = useVerifyOtp(email, {
    onSuccess: (reply) => {
      setFailure(null);
      setVerified(true);
      void message.success(MSG.otpVerified);
      timer.current = window.setTimeout(() => onVerified(reply.user_data), OTP_SUCCESS_DELAY_MS);
    },
    onError: (err) => {
      setFailure(failureMessages(err));
      setFailedOnce(true);
      setOtp('');
      setInputKey((k) => k + 1);
    },
  });

  const resend = useResendOtp(email, {
    onMutate: () => setResendUsed(true),
    onSuccess: (reply) => {
      setFailure(null);
      void message.success(reply.message || MSG.otpResent);
    },
    onError: (err) => setFailure(failureMessages(err)),
  });

  const submit = () => {
    if (verify.isPending || verified) return;
    if (otp.length < OTP_LENGTH) {
      setRequired(true);
      return;
    }
    verify.mutate(otp);
  };

  const busy = verify.isPending || verified;

  return (
    <Modal
      open={email !== null}
      title={
        <span>
          <SafetyCertificateOutlined style={{ color: token.colorPrimary, marginRight: 8 }} />
          {MSG.otpTitle}
        </span>
      }
      onCancel={busy ? undefined : onCancel}
      closable={!busy}
      mask={{ closable: false }}
      keyboard={!busy}
      centered
      destroyOnHidden
      width={440}
      footer={[
        failedOnce ? (
          <Button
            key="resend"
            onClick={() => resend.mutate()}
            disabled={resendUsed || busy}
            loading={resend.isPending}
            style={{ float: 'left' }}
          >
            Resend OTP
          </Button>
        ) : null,
        <Button key="cancel" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>,
        <Button key="verify" type="primary" onClick={submit} loading={busy}>
          Verify
        </Button>,
      ]}
    >
      <div style={{ textAlign: 'center', padding: '8px 0 4px' }}>
        <MailOutlined style={{ fontSize: 32, color: token.colorPrimary }} />
        <Typography.Paragraph strong style={{ margin: '12px 0 4px' }}>
          {MSG.otpSent}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
          {MSG.otpPrompt}
          {email ? (
            <>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {email}
              </Typography.Text>
            </>
          ) : null}
        </Typography.Paragraph>
      </div>
      <Form component={false}>
        <Form.Item
          validateStatus={required ? 'error' : undefined}
          help={required ? MSG.otpRequired : undefined}
          style={{ textAlign: 'center', marginBottom: failure ? 16 : 8 }}
        >
          <div
            style={{ display: 'flex', justifyContent: 'center' }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit();
            }}
          >
            <Input.OTP
              key={inputKey}
              length={OTP_LENGTH}
              size="large"
              autoFocus
              disabled={busy}
              inputMode="numeric"
              autoComplete="one-time-code"
              formatter={(s) => s.replace(/\D/g, '')}
              aria-label="OTP"
              data-testid="otp-input"
              onInput={(cells) => {
                setOtp(cells.join(''));
                setRequired(false);
              }}
            />
          </div>
        </Form.Item>
      </Form>
      {failure ? (
        <Alert type="error" showIcon title={<MessageLines messages={failure} />} data-testid="otp-error" />
      ) : null}
    </Modal>
  );
}
