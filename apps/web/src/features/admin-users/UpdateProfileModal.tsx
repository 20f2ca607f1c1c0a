import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Switch, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import { ADMIN_MSG, updateProfileBody, type AdminProfile } from '@drat/contracts';
import { zodFieldRule } from '../../lib/zodRule';
import { useUpdateProfile } from './queries';
import { showFormError } from './serverErrors';
import { changedFields, profileValuesOf, type ProfileValues } from './userWords';

const FIELDS = ['phone_number', 'email', 'receive_emails', 'receive_sms', 'dione_credits'] as const;

/** §5 "Profile update": the server's rules and words under each field. */
const rules = {
  phone_number: [zodFieldRule(updateProfileBody, 'phone_number', { skipEmpty: true })],
  email: [zodFieldRule(updateProfileBody, 'email')],
  dione_credits: [zodFieldRule(updateProfileBody, 'dione_credits')],
};

/**
 * Update profile (3-bots-admin-public §2.3, §5): phone, e-mail, e-mail and SMS permissions and Dione
 * credits; only the fields changed are sent, and nothing changed says so.
 */
export function UpdateProfileModal({ user, onClose }: { user: AdminProfile | null; onClose: () => void }) {
  const [form] = Form.useForm<ProfileValues>();
  const { message } = useApp();
  const update = useUpdateProfile({
    onSuccess: () => {
      void message.success(ADMIN_MSG.profileUpdated);
      onClose();
    },
    onError: (err) =>
      showFormError(form, err, FIELDS, (text) => void message.error(text), ADMIN_MSG.profileUpdateFailed),
  });

  useEffect(() => {
    if (!user) return;
    form.resetFields();
    form.setFieldsValue(profileValuesOf(user));
  }, [user, form]);

  const submit = async () => {
    if (!user) return;
    const values = await form.validateFields();
    const body = changedFields(user, values);
    if (Object.keys(body).length === 0) {
      void message.warning(ADMIN_MSG.noFieldsToUpdate);
      return;
    }
    update.mutate({ id: user.id, body });
  };

  return (
    <Modal
      open={user !== null}
      title={user ? `Update profile of ${user.name || user.email}` : ''}
      okText="Update"
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ProfileValues> name="user-profile" form={form} layout="vertical" disabled={update.isPending}>
        <Form.Item
          label="Phone number"
          name="phone_number"
          rules={rules.phone_number}
          extra="International format, e.g. +15551234567; empty for none."
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Receive e-mails" name="receive_emails" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="Receive SMS" name="receive_sms" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="Dione credits" name="dione_credits" rules={rules.dione_credits}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      {user?.otp_enabled && (
        <Typography.Text type="secondary">
          This user signs in with a one-time code: a new e-mail address receives it.
        </Typography.Text>
      )}
    </Modal>
  );
}
