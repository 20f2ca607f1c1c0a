import { Form, Input, Modal, Radio, Select, Typography, type FormRule, type SelectProps } from 'antd';
import useApp from 'antd/es/app/useApp';
import { SHARING_TYPES, TRADE_MSG, type SmartTradeDto } from '@drat/contracts';
import { useSession } from '../../app/session';
import { applyServerErrors } from '../../lib/formErrors';
import {
  planOptions,
  SHARE_FORM_FIELDS,
  shareMessage,
  shareWords,
  SHARING_TYPE_LABELS,
  type ShareFormField,
  type ShareFormValues,
  type ShareItem,
  userOptions,
} from './sharing';
import { useShare } from './mutations';
import { usePlanGroups, useShareableUsers } from './queries';

const MODES = SHARING_TYPES.map((value) => ({ value, label: SHARING_TYPE_LABELS[value] }));

export interface ShareModalProps {
  /** The trade or the bot to share; null while closed. */
  item: ShareItem | null;
  onClose: () => void;
  /** After a share went through (the bots page reads its Shared Bots lists again). */
  onShared?: () => void;
}

/**
 * Share a trade (2-trading §2.3, §5.4, §6, §7) or a money-management bot (3-bots-admin-public §2.1
 * "Shared Bots"): one form, one call. A live trader types one user's e-mail; a super user chooses
 * how: one user or several from the user list, the users on a plan, or all users. Each field says
 * the contracts' message (shareFields) before anything is sent; the form goes as
 * multipart/form-data, and the server's field errors land on the fields. A bot's receiver gets its
 * name and settings, never the sharer's account.
 */
export function ShareModal({ item, onClose, onShared }: ShareModalProps) {
  const session = useSession();
  const isSuper = session?.is_super === true;
  const { message } = useApp();
  const [form] = Form.useForm<ShareFormValues>();
  const open = item !== null;
  const mode = (Form.useWatch('sharing_type', form) as ShareFormValues['sharing_type'] | undefined) ?? 'single';
  const users = useShareableUsers(open && isSuper);
  const plans = usePlanGroups(open && isSuper);
  const share = useShare();
  const words = item ? shareWords(item) : null;

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
        const text = item ? shareMessage(valuesOf(), item, field) : null;
        if (text !== null) throw new Error(text);
      },
    });

  const submit = () => {
    if (!item) return;
    share.mutate(
      { values: valuesOf(), item },
      {
        onSuccess: () => {
          void message.success(TRADE_MSG.shared);
          onShared?.();
          onClose();
        },
        onError: (err) => {
          void message.error(TRADE_MSG.shareFailed);
          for (const text of applyServerErrors(form, err, SHARE_FORM_FIELDS)) void message.error(text);
        },
      },
    );
  };

  const userList: SelectProps = {
    loading: users.isLoading,
    options: userOptions(users.data?.data ?? [], session?.email),
  };
  /** A super user's choice of the mode: a searchable list under its field, with the field's message. */
  const choice = (field: ShareFormField, label: string, select: SelectProps) => (
    <Form.Item name={field} label={label} rules={[rule(field)]}>
      <Select showSearch={{ optionFilterProp: 'label' }} {...select} />
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      title={words?.title ?? 'Share'}
      okText="Share"
      onOk={() => form.submit()}
      okButtonProps={{ loading: share.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      {words && <Typography.Paragraph type="secondary">{words.hint}</Typography.Paragraph>}
      <Form<ShareFormValues>
        // The fields are checked by their rules, in the app's words: not by the browser's own bubble.
        noValidate
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
        {isSuper && mode === 'all' && <Typography.Text type="secondary">{words?.toAll}</Typography.Text>}
      </Form>
    </Modal>
  );
}

/** A trade's share form (Smart Trades' row action Share). */
export const ShareTradeModal = ({ trade, onClose }: { trade: SmartTradeDto | null; onClose: () => void }) => (
  <ShareModal item={trade && { kind: 'trade', id: trade.id, ticker: trade.ticker }} onClose={onClose} />
);
