import { Form, Input, Modal, Select, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import { ADMIN_MSG, createUserBody, WELCOME_LINK_DAYS } from '@drat/contracts';
import { zodFieldRule } from '../../lib/zodRule';
import { useCreateUser, usePaymentPlans } from './queries';
import { showFormError } from './serverErrors';

interface Values {
  full_name?: string;
  email?: string;
  plan?: number;
}

const FIELDS = ['full_name', 'email', 'plan'] as const;

/** §5 "Create user": the server's rules and words under each field. */
const rules = {
  full_name: [zodFieldRule(createUserBody, 'full_name')],
  email: [zodFieldRule(createUserBody, 'email')],
  plan: [zodFieldRule(createUserBody, 'plan')],
};

/**
 * Create User (3-bots-admin-public §2.3): full name, e-mail and a plan; the new user is e-mailed a
 * link and a token to set their password.
 */
export function CreateUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const plans = usePaymentPlans(open);
  const create = useCreateUser({
    onSuccess: () => {
      void message.success(ADMIN_MSG.userCreated);
      form.resetFields();
      onClose();
    },
    onError: (err) => showFormError(form, err, FIELDS, (text) => void message.error(text), ADMIN_MSG.userCreateFailed),
  });

  const submit = async () => {
    const v = await form.validateFields();
    create.mutate({ full_name: v.full_name!.trim(), email: v.email!.trim(), plan: v.plan! });
  };

  return (
    <Modal
      open={open}
      title="Create User"
      okText="Create"
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        They get an e-mail with a link and a token to choose their password, valid for {WELCOME_LINK_DAYS} days.
      </Typography.Paragraph>
      <Form<Values> name="create-user" form={form} layout="vertical" disabled={create.isPending} preserve={false}>
        <Form.Item label="Full name" name="full_name" rules={rules.full_name}>
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Plan" name="plan" rules={rules.plan}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select a plan"
            loading={plans.isLoading}
            options={(plans.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
