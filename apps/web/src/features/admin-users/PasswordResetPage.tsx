import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AutoComplete, Button, Card, Form, Input, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import { TeamOutlined } from '@ant-design/icons';
import {
  ADMIN_MSG,
  PASSWORD_CONFIRMATION_REQUIRED,
  PASSWORD_MIN_LENGTH,
  adminPasswordResetBody,
} from '@drat/contracts';
import { ApiError } from '../../api/client';
import { zodFieldRule } from '../../lib/zodRule';
import { useAdminProfiles, useResetPassword } from './queries';
import { showFormError } from './serverErrors';
import { matchesSearch } from './userWords';

interface Values {
  user_email?: string;
  password?: string;
}

const FIELDS = ['user_email', 'password'] as const;

/** §5 "Admin password reset": the server's rules and words under each field. */
const rules = {
  user_email: [zodFieldRule(adminPasswordResetBody, 'user_email')],
  password: [zodFieldRule(adminPasswordResetBody, 'password')],
};

/** The super user closed the password prompt (the API client's step-up): nothing more to say. */
const promptCancelled = (err: unknown) => err instanceof ApiError && err.body.code === PASSWORD_CONFIRMATION_REQUIRED;

/**
 * Password Reset (3-bots-admin-public §2.6, super users): sets a user's password, signs them out
 * everywhere and e-mails them. The super user's own password is asked first when they signed in
 * long ago. `?email=` (a row's Reset password on Manage Users) fills the e-mail in.
 */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const profiles = useAdminProfiles();
  const typed = Form.useWatch('user_email', form) ?? '';
  // The users whose name or e-mail has what is typed, to pick the address from (no typo to send).
  const suggestions = useMemo(
    () =>
      typed.trim().length < 2
        ? []
        : (profiles.data?.data ?? [])
            .filter((u) => matchesSearch(u, typed) && u.email !== typed.trim())
            .slice(0, 8)
            .map((u) => ({ value: u.email, label: u.name ? `${u.name} · ${u.email}` : u.email })),
    [profiles.data, typed],
  );
  const reset = useResetPassword({
    onSuccess: () => {
      void message.success(ADMIN_MSG.passwordResetDone);
      form.resetFields(['password']);
    },
    onError: (err) => {
      // The super user closed the prompt for their own password: nothing was sent, nothing to say.
      if (promptCancelled(err)) return;
      showFormError(form, err, FIELDS, (text) => void message.error(text), ADMIN_MSG.passwordResetFailed);
    },
  });

  return (
    <Card
      title="Password Reset"
      extra={
        <Link to="/manage-users">
          <Button size="small" icon={<TeamOutlined />}>
            Manage Users
          </Button>
        </Link>
      }
      style={{ maxWidth: 640, margin: '0 auto' }}
    >
      <Typography.Paragraph type="secondary">
        Set a user's password: they are signed out everywhere and told by e-mail.
      </Typography.Paragraph>
      <Form<Values>
        // The fields are checked by their rules, in the app's words: not by the browser's own bubble.
        noValidate
        name="admin-password-reset"
        form={form}
        layout="vertical"
        initialValues={{ user_email: params.get('email') ?? '' }}
        onFinish={(v) => reset.mutate({ user_email: v.user_email!.trim(), password: v.password! })}
        disabled={reset.isPending}
      >
        <Form.Item label="User email" name="user_email" rules={rules.user_email}>
          <AutoComplete options={suggestions}>
            <Input type="email" autoComplete="off" />
          </AutoComplete>
        </Form.Item>
        <Form.Item
          label="New password"
          name="password"
          rules={rules.password}
          extra={`At least ${PASSWORD_MIN_LENGTH} characters. Tell the user; they can choose their own in Settings.`}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          You may be asked for your own password first.
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={reset.isPending}>
          Reset password
        </Button>
      </Form>
    </Card>
  );
}
