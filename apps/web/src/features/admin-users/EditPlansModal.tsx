import { useEffect } from 'react';
import { Form, Modal, Select, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import { ADMIN_MSG, userPlansBody, type AdminProfile } from '@drat/contracts';
import { zodFieldRule } from '../../lib/zodRule';
import { usePaymentPlans, useSetPlans } from './queries';
import { showFormError } from './serverErrors';

interface Values {
  current_plans?: number[];
}

const FIELDS = ['current_plans'] as const;
const rules = [zodFieldRule(userPlansBody, 'current_plans')];

/**
 * Edit plans (3-bots-admin-public §2.3, §5 "Change plans"): the user's plans as a set; plans left out
 * end now, new ones start now.
 */
export function EditPlansModal({ user, onClose }: { user: AdminProfile | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const plans = usePaymentPlans(user !== null);
  const save = useSetPlans({
    onSuccess: () => {
      void message.success(ADMIN_MSG.plansUpdated);
      onClose();
    },
    onError: (err) => showFormError(form, err, FIELDS, (text) => void message.error(text), err.message),
  });

  useEffect(() => {
    if (!user) return;
    form.resetFields();
    form.setFieldsValue({ current_plans: user.current_plans.map((p) => p.id) });
  }, [user, form]);

  const submit = async () => {
    if (!user) return;
    const v = await form.validateFields();
    save.mutate({ user, planIds: v.current_plans ?? [] });
  };

  return (
    <Modal
      open={user !== null}
      title={user ? `Plans of ${user.name || user.email}` : ''}
      okText="Save plans"
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">Plans taken out end now; plans added start now.</Typography.Paragraph>
      <Form<Values> name="user-plans" form={form} layout="vertical" disabled={save.isPending}>
        <Form.Item label="Current plans" name="current_plans" rules={rules}>
          <Select<number[]>
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select plans"
            loading={plans.isLoading}
            options={(plans.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
