import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  Radio,
  Select,
  Upload,
  type FormInstance,
  type FormRule,
  type UploadFile,
} from 'antd';
import useApp from 'antd/es/app/useApp';
import { CloudUploadOutlined, PaperClipOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  DRAFT_MSG,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFY_FILE_MAX_BYTES,
  NOTIFY_FILES_MAX,
  NOTIFY_MSG,
  draftBody,
} from '@drat/contracts';
import { useSession } from '../../app/session';
import { applyServerErrors } from '../../lib/formErrors';
import { checkWithSchema } from '../../lib/zodRule';
import { useAddDraft, useSendNotification } from './mutations';
import {
  AUDIENCE_OPTIONS,
  NOTIFY_FILE_ACCEPT,
  NOTIFY_FORM_FIELDS,
  audienceWords,
  channelWords,
  filesMessage,
  notifyMessage,
  type NotifyFormField,
  type NotifyFormValues,
} from './notifyForm';
import { useNotifyPlans, useNotifyUsers } from './queries';

/** The form's values as antd holds them: the text fields, and the files chosen. */
export type NotifyFormState = NotifyFormValues & { files?: UploadFile[] };

const CHANNEL_OPTIONS = [
  { value: 'EMAIL', label: 'E-mail' },
  { value: 'SMS', label: 'SMS' },
];

const fileList = (e: { fileList?: UploadFile[] } | UploadFile[] | undefined) => (Array.isArray(e) ? e : e?.fileList);
const filesOf = (list: UploadFile[] | undefined): File[] =>
  (list ?? []).flatMap((f) => (f.originFileObj ? [f.originFileObj] : []));

/** A field's rule: the contracts' message (notifyFields) for what the whole form would send. */
const rule =
  (field: NotifyFormField): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const text = notifyMessage(getFieldsValue(true) as NotifyFormValues, field);
      if (text !== null) throw new Error(text);
    },
  });

const filesRule: FormRule = {
  validator: async (_rule, value: UploadFile[] | undefined) => {
    const text = filesMessage((value ?? []).map((f) => ({ name: f.name, size: f.size })));
    if (text !== null) throw new Error(text);
  },
};

/** What the last send reached, shown under the form until the next one. */
interface Sent {
  recipients: number;
  whom: string;
  how: string;
}

/**
 * The notification form (3-bots-admin-public §2.8, §5 "Notification send"): the channels (the
 * inbox always), the title, the message with its counter, whom to (one user or several from the
 * user list, the users on plans, everyone: asked first), up to five files, Send and Save as draft.
 * Each field says the contracts' message before anything is sent; the server's field errors land
 * on the fields too.
 */
export function NotifyForm({ form, phone }: { form: FormInstance<NotifyFormState>; phone: boolean }) {
  const { message, modal } = useApp();
  const session = useSession();
  const audience = Form.useWatch('notification_type', form) ?? 'single';
  const users = useNotifyUsers(audience === 'single' || audience === 'multiple');
  const plans = useNotifyPlans(audience === 'users-on-plan');
  const [sent, setSent] = useState<Sent | null>(null);

  const send = useSendNotification({
    onSuccess: (reply, { values }) => {
      void message.success(reply.message || NOTIFY_MSG.sent);
      setSent({ recipients: reply.data.recipients, whom: audienceWords(values), how: channelWords(values.channels) });
      form.resetFields();
    },
    onError: (err) => {
      void message.error(NOTIFY_MSG.failed);
      for (const text of applyServerErrors(form, err, NOTIFY_FORM_FIELDS)) void message.error(text);
    },
  });
  const addDraft = useAddDraft({
    onSuccess: (reply) => void message.success(reply.message || DRAFT_MSG.added),
    onError: (err) => {
      void message.error(DRAFT_MSG.addFailed);
      for (const text of applyServerErrors(form, err, ['title', 'message'])) void message.error(text);
    },
  });

  const submit = (state: NotifyFormState) => {
    const { files, ...values } = state;
    const go = () => send.mutateAsync({ values, files: filesOf(files) }).catch(() => undefined);
    setSent(null);
    if (values.notification_type !== 'all') return void go();
    modal.confirm({
      title: 'Send to every user?',
      content: `Everyone gets "${values.title?.trim() ?? ''}" in ${channelWords(values.channels)}. This cannot be undone.`,
      okText: 'Send to everyone',
      cancelText: 'Cancel',
      onOk: go,
    });
  };

  /** Save as draft: the title and the message, checked with the drafts' own words. */
  const saveDraft = () => {
    const { title, message: text } = form.getFieldsValue(['title', 'message']) as NotifyFormValues;
    const { data } = checkWithSchema(form, draftBody, { title: title ?? '', message: text ?? '' }, [
      'title',
      'message',
    ]);
    if (data) addDraft.mutate(data);
  };

  const userOptions = (users.data?.data ?? [])
    .filter((u) => u.email.toLowerCase() !== session?.email.toLowerCase())
    .map((u) => ({ value: u.email, label: u.email }));
  const userSelect = {
    showSearch: { optionFilterProp: 'label' },
    loading: users.isLoading,
    options: userOptions,
    notFoundContent: users.isError ? users.error.message : undefined,
  } as const;

  return (
    <Form<NotifyFormState>
      name="notify"
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ channels: ['EMAIL'], notification_type: 'single' }}
      onFinish={submit}
      disabled={send.isPending}
    >
      <Form.Item
        name="channels"
        label="Channels"
        rules={[rule('channels')]}
        extra="It always goes to their DRAT inbox too; e-mail and SMS reach those who accept them in their settings."
      >
        <Checkbox.Group options={CHANNEL_OPTIONS} />
      </Form.Item>
      <Form.Item name="title" label="Title" rules={[rule('title')]}>
        <Input placeholder="What it is about" autoComplete="off" />
      </Form.Item>
      <Form.Item name="message" label="Message" rules={[rule('message')]}>
        <Input.TextArea
          autoSize={{ minRows: 5, maxRows: 14 }}
          count={{ show: true, max: NOTIFICATION_MESSAGE_MAX }}
          placeholder="What they read"
        />
      </Form.Item>
      <Form.Item name="notification_type" label="Send to">
        <Radio.Group
          options={AUDIENCE_OPTIONS}
          optionType={phone ? 'default' : 'button'}
          onChange={() =>
            form.setFields([
              { name: 'user', errors: [] },
              { name: 'users', errors: [] },
              { name: 'plans', errors: [] },
            ])
          }
        />
      </Form.Item>
      {audience === 'single' && (
        <Form.Item name="user" label="User" rules={[rule('user')]}>
          <Select {...userSelect} placeholder="Choose a user" allowClear />
        </Form.Item>
      )}
      {audience === 'multiple' && (
        <Form.Item name="users" label="Users" rules={[rule('users')]}>
          <Select {...userSelect} mode="multiple" placeholder="Choose the users" allowClear />
        </Form.Item>
      )}
      {audience === 'users-on-plan' && (
        <Form.Item name="plans" label="Plans" rules={[rule('plans')]} extra="Every active user holding one of them.">
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose one or more plans"
            loading={plans.isLoading}
            options={(plans.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            allowClear
          />
        </Form.Item>
      )}
      {audience === 'all' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 24 }}
          title="Every active user gets it. You are asked to confirm before it goes."
        />
      )}
      <Form.Item
        name="files"
        label="Files"
        valuePropName="fileList"
        getValueFromEvent={fileList}
        rules={[filesRule]}
        extra={`Optional: up to ${NOTIFY_FILES_MAX} PDFs, images or spreadsheets, ${NOTIFY_FILE_MAX_BYTES / 1024 / 1024} MB each.`}
      >
        <Upload multiple maxCount={NOTIFY_FILES_MAX} accept={NOTIFY_FILE_ACCEPT} beforeUpload={() => false}>
          <Button icon={<PaperClipOutlined />}>Attach files</Button>
        </Upload>
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>
          Send
        </Button>
        <Button icon={<SaveOutlined />} onClick={saveDraft} loading={addDraft.isPending}>
          Save as draft
        </Button>
        <Button type="text" onClick={() => form.resetFields()}>
          Clear
        </Button>
      </Flex>
      {sent && (
        <Alert
          type="success"
          showIcon
          icon={<CloudUploadOutlined />}
          style={{ marginTop: 16 }}
          title={`${NOTIFY_MSG.sent}: ${sent.recipients} ${sent.recipients === 1 ? 'person' : 'people'} (${sent.whom}) in ${sent.how}.`}
          description={
            <>
              The copies go out in the background: follow them on{' '}
              <Link to="/notifications-status">Notification Status</Link>.
            </>
          }
          closable={{ onClose: () => setSent(null) }}
        />
      )}
    </Form>
  );
}
