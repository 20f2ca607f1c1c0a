import { Button, Col, Flex, Form, Input, Row, Switch, theme } from 'antd';
import useApp from 'antd/es/app/useApp';
import { LockOutlined } from '@ant-design/icons';
import { MSG, PASSWORD_MIN_LENGTH, type Profile } from '@drat/contracts';
import type { PasswordChange } from '../../api/profile';
import { applyServerErrors } from '../../lib/formErrors';
import { lazyRule } from '../../lib/lazyRule';
import { Section, SettingRow } from './parts';
import { useChangePassword, useSetOtp } from './queries';

const PASSWORD_FIELDS = ['new_password1', 'new_password2'] as const;
const NEW_PASSWORD_RULES = [lazyRule(async () => (await import('./rules')).NEW_PASSWORD_RULE)];

function PasswordForm({ username }: { username: string }) {
  const { message } = useApp();
  const [form] = Form.useForm<PasswordChange>();
  const change = useChangePassword();
  const p1 = Form.useWatch('new_password1', form);
  const p2 = Form.useWatch('new_password2', form);
  const ready = Boolean(p1) && Boolean(p2);

  const submit = (values: PasswordChange) =>
    change.mutate(values, {
      onSuccess: () => form.resetFields(),
      onError: (err) => {
        const general = applyServerErrors(form, err, PASSWORD_FIELDS);
        if (general.length > 0) general.forEach((text) => message.error(text));
        else if (!form.getFieldsError().some((f) => f.errors.length > 0)) message.error(MSG.somethingWentWrong);
      },
    });

  return (
    <Form<PasswordChange>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      style={{ maxWidth: 440 }}
    >
      {/* A hidden username helps password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
      <Form.Item
        label="New Password"
        name="new_password1"
        extra={`At least ${PASSWORD_MIN_LENGTH} characters, including one digit.`}
        rules={NEW_PASSWORD_RULES}
      >
        <Input.Password autoComplete="new-password" prefix={<LockOutlined />} maxLength={128} />
      </Form.Item>
      <Form.Item
        label="Confirm New Password"
        name="new_password2"
        dependencies={['new_password1']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('new_password1')) throw new Error(MSG.passwordsDoNotMatch);
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" prefix={<LockOutlined />} maxLength={128} />
      </Form.Item>
      <Button type="primary" htmlType="submit" disabled={!ready} loading={change.isPending} style={{ marginTop: 8 }}>
        Save
      </Button>
    </Form>
  );
}

export function SecurityTab({ profile }: { profile: Profile }) {
  const { token } = theme.useToken();
  const otp = useSetOtp();
  return (
    <Row gutter={[token.marginLG, token.marginLG]}>
      <Col xs={24} lg={14}>
        <Section
          title="Change password"
          description="Use a password you do not use anywhere else. Other signed-in devices are signed out."
        >
          <PasswordForm username={profile.email} />
        </Section>
      </Col>
      <Col xs={24} lg={10}>
        <Section title="Two-Factor Authentication" description="Add a second step to signing in.">
          <Flex vertical>
            <SettingRow
              id="enable-otp"
              label="Enable OTP"
              description="Receive an OTP Token before logging in"
              divider={false}
              control={
                <Switch
                  id="enable-otp"
                  checked={profile.otp_enabled}
                  loading={otp.isPending}
                  onChange={(checked) => otp.mutate(checked)}
                />
              }
            />
          </Flex>
        </Section>
      </Col>
    </Row>
  );
}
