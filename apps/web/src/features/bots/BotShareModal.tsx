import { App, Form, Input, Modal, Radio, Select, Typography, type FormRule, type SelectProps } from 'antd';
import { SHARING_TYPES, TRADE_MSG, type BotDto } from '@drat/contracts';
import { useSession } from '../../app/session';
import { applyServerErrors } from '../../lib/formErrors';
import { useShareBot } from './mutations';
import { usePlanGroups, useShareableUsers } from './queries';
import {
  planOptions,
  SHARE_FORM_FIELDS,
  shareFormData,
  shareMessage,
  SHARING_TYPE_LABELS,
  userOptions,
  type ShareFormField,
  type ShareFormValues,
} from './sharing';

const MODES = SHARING_TYPES.map((value) => ({ value, label: SHARING_TYPE_LABELS[value] }));

/**
 * Share a bot (3-bots-admin-public §2.1 "Shared Bots"; 2-trading §5.4, §6, §7). A live trader types
 * one user's e-mail; a super user chooses one user or several from the user list, the users on a
 * plan, or all users. The receiver gets the bot's name and settings, never the sharer's account,
 * and makes a bot of their own from it. Each field says the contracts' message (shareFields).
 */
export function BotShareModal({ bot, onClose }: { bot: BotDto | null; onClose: () => void }) {
  const session = useSession();
  const isSuper = session?.is_super === true;
  const { message } = App.useApp();
  const [form] = Form.useForm<ShareFormValues>();
  const open = bot !== null;
  const mode = (Form.useWatch('sharing_type', form) as ShareFormValues['sharing_type'] | undefined) ?? 'single';
  const users = useShareableUsers(open && isSuper);
  const plans = usePlanGroups(open && isSuper);
  const share = useShareBot();

  /** What is sent: a live trader shares with one user whatever the store holds. */
  const valuesOf = (): ShareFormValues => {
    const values = form.getFieldsValue(true) as ShareFormValues;
    return isSuper
      ? { ...values, sharing_type: values.sharing_type ?? 'single' }
      : { ...values, sharing_type: 'single' };
  };
  const rule =
    (field: ShareFormField): FormRule =>
    () => ({
      validator: async () => {
        const text = bot ? shareMessage(valuesOf(), bot.id, field) : null;
        if (text !== null) throw new Error(text);
      },
    });

  const submit = () => {
    if (!bot) return;
    share.mutate(shareFormData(valuesOf(), bot.id), {
      onSuccess: (reply) => {
        void message.success(reply.message);
        onClose();
      },
      onError: (err) => {
        const general = applyServerErrors(form, err, SHARE_FORM_FIELDS);
        for (const text of general.length > 0 ? general : [TRADE_MSG.shareFailed]) void message.error(text);
      },
    });
  };

  const userList: SelectProps = {
    loading: users.isLoading,
    options: userOptions(users.data?.data ?? [], session?.email),
  };
  const choice = (field: ShareFormField, label: string, select: SelectProps) => (
    <Form.Item name={field} label={label} rules={[rule(field)]}>
      <Select showSearch={{ optionFilterProp: 'label' }} {...select} />
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      title={bot ? `Share ${bot.bot_name}` : 'Share a bot'}
      okText="Share"
      onOk={() => form.submit()}
      okButtonProps={{ loading: share.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        They receive its name and settings, not your account, and can make a bot of their own from it.
      </Typography.Paragraph>
      <Form<ShareFormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ sharing_type: 'single' }}
        onFinish={submit}
        requiredMark={false}
      >
        {isSuper && (
          <Form.Item name="sharing_type" label="Share with">
            <Radio.Group options={MODES} />
          </Form.Item>
        )}
        {!isSuper && (
          <Form.Item name="user" label="User's email" rules={[rule('user')]}>
            <Input type="email" autoComplete="off" placeholder="name@example.com" autoFocus />
          </Form.Item>
        )}
        {isSuper && mode === 'single' && choice('user', 'User', { placeholder: 'Choose a user', ...userList })}
        {isSuper &&
          mode === 'multiple' &&
          choice('users', 'Users', { mode: 'multiple', placeholder: 'Choose the users', ...userList })}
        {isSuper &&
          mode === 'users-on-plan' &&
          choice('plan', 'Plan', {
            placeholder: 'Choose a plan',
            loading: plans.isLoading,
            options: planOptions(plans.data?.data ?? []),
          })}
        {isSuper && mode === 'all' && <Typography.Text type="secondary">Every user is sent this bot.</Typography.Text>}
      </Form>
    </Modal>
  );
}
