import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { confirmPasswordBody, MSG, type ConfirmPasswordReason } from '@drat/contracts';
import { confirmPassword } from '../../api/auth';
import { ApiError } from '../../api/client';
import { zodFieldRule } from '../../lib/zodRule';

const PASSWORD_RULES = [zodFieldRule(confirmPasswordBody, 'password')];

interface Props {
  open: boolean;
  reason: ConfirmPasswordReason;
  title: string;
  explanation: string;
  onCancel: () => void;
  onConfirmed: () => void;
}

/** Asks for the password again before a sensitive change (2-trading §4 "Password confirm"). */
export function ConfirmPasswordModal({ open, reason, title, explanation, onCancel, onConfirmed }: Props) {
  const [form] = Form.useForm<{ password: string }>();
  const [state, setState] = useState<'start' | 'confirming' | 'failure'>('start');
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ password }: { password: string }) => {
    setState('confirming');
    setError(null);
    try {
      await confirmPassword(password, reason);
      form.resetFields();
      setState('start');
      onConfirmed();
    } catch (err) {
      setState('failure');
      setError(err instanceof ApiError ? err.message : MSG.somethingWrong);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="Confirm"
      confirmLoading={state === 'confirming'}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        setError(null);
        onCancel();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{explanation}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label="Password"
          name="password"
          rules={PASSWORD_RULES}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
