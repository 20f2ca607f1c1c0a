import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Form, Input, Modal, Popconfirm, Skeleton, Tooltip, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import { CopyOutlined, DeleteOutlined, EditOutlined, ImportOutlined } from '@ant-design/icons';
import { DRAFT_MSG, NOTIFICATION_MESSAGE_MAX, draftBody, type NotificationDraft } from '@drat/contracts';
import { applyServerErrors } from '../../lib/formErrors';
import { formatDateTime } from '../../lib/format';
import { zodFieldRule } from '../../lib/zodRule';
import { useDeleteDraft, useUpdateDraft } from './mutations';
import { useDrafts } from './queries';

const DRAFT_FIELDS = ['title', 'message'] as const;
const draftRules = {
  title: [zodFieldRule(draftBody, 'title')],
  message: [zodFieldRule(draftBody, 'message')],
};

/** Edit a draft: its title and message, in the drafts' own words (§5 "Draft"). */
function EditDraftModal({ draft, onClose }: { draft: NotificationDraft | null; onClose: () => void }) {
  const { message } = useApp();
  const [form] = Form.useForm<{ title: string; message: string }>();
  const update = useUpdateDraft({
    onSuccess: (reply) => {
      void message.success(reply.message || DRAFT_MSG.updated);
      onClose();
    },
    onError: (err) => {
      void message.error(DRAFT_MSG.updateFailed);
      for (const text of applyServerErrors(form, err, DRAFT_FIELDS)) void message.error(text);
    },
  });
  return (
    <Modal
      open={draft !== null}
      title="Edit draft"
      okText="Save"
      onOk={() => form.submit()}
      okButtonProps={{ loading: update.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        key={draft?.id}
        name="edit-draft"
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={draft ?? undefined}
        onFinish={(v) => draft && update.mutate({ id: draft.id, body: { title: v.title, message: v.message } })}
      >
        <Form.Item name="title" label="Title" rules={draftRules.title}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="message" label="Message" rules={draftRules.message}>
          <Input.TextArea
            autoSize={{ minRows: 5, maxRows: 14 }}
            count={{ show: true, max: NOTIFICATION_MESSAGE_MAX }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One draft: its title, the start of its message, who saved it when, and what can be done with it. */
function DraftItem({
  draft,
  onUse,
  onEdit,
}: {
  draft: NotificationDraft;
  onUse: (draft: NotificationDraft) => void;
  onEdit: (draft: NotificationDraft) => void;
}) {
  const { message } = useApp();
  const remove = useDeleteDraft({
    onSuccess: (reply) => void message.success(reply.message || DRAFT_MSG.deleted),
    onError: () => void message.error(DRAFT_MSG.deleteFailed),
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${draft.title}\n\n${draft.message}`);
      void message.success(DRAFT_MSG.copied);
    } catch {
      void message.error(DRAFT_MSG.copyFailed);
    }
  };
  return (
    <Card size="small" role="listitem" aria-label={draft.title} data-testid="draft">
      <Flex vertical gap={4}>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
          {draft.title}
        </Typography.Text>
        <Typography.Paragraph
          type="secondary"
          ellipsis={{ rows: 3, expandable: 'collapsible' }}
          style={{ marginBottom: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        >
          {draft.message}
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {draft.author_email} · {formatDateTime(draft.updated)}
        </Typography.Text>
        <Flex gap={4} wrap justify="space-between" align="center">
          <Button size="small" type="primary" ghost icon={<ImportOutlined />} onClick={() => onUse(draft)}>
            Use
          </Button>
          <Flex gap={2}>
            <Tooltip title="Copy">
              <Button
                size="small"
                type="text"
                icon={<CopyOutlined />}
                aria-label={`Copy ${draft.title}`}
                onClick={copy}
              />
            </Tooltip>
            <Tooltip title="Edit">
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={`Edit ${draft.title}`}
                onClick={() => onEdit(draft)}
              />
            </Tooltip>
            <Popconfirm
              title="Delete this draft?"
              description="Every super user shares the drafts: it is gone for all."
              okText="Delete"
              okButtonProps={{ danger: true }}
              cancelText="Keep"
              onConfirm={() => remove.mutateAsync(draft.id).catch(() => undefined)}
            >
              <Tooltip title="Delete">
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Delete ${draft.title}`}
                  loading={remove.isPending}
                />
              </Tooltip>
            </Popconfirm>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * Saved drafts (3-bots-admin-public §2.8, §8 "Drafts"), shared by the super users, last changed
 * first: Use fills the form's title and message, Copy puts them on the clipboard, Edit and Delete
 * (asked first). A draft is saved from the form (Save as draft).
 */
export function DraftsPanel({ onUse }: { onUse: (draft: NotificationDraft) => void }) {
  const drafts = useDrafts();
  const [editing, setEditing] = useState<NotificationDraft | null>(null);
  const list = drafts.data?.data ?? [];
  return (
    <Card title="Drafts" extra={<Typography.Text type="secondary">{list.length || ''}</Typography.Text>}>
      {drafts.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
      {drafts.isError && <Alert type="error" showIcon title={DRAFT_MSG.fetchFailed} />}
      {drafts.isSuccess && list.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No drafts yet: write one and Save as draft." />
      )}
      {list.length > 0 && (
        <Flex vertical gap={8} role="list" aria-label="Drafts" style={{ maxHeight: 640, overflowY: 'auto' }}>
          {list.map((d) => (
            <DraftItem key={d.id} draft={d} onUse={onUse} onEdit={setEditing} />
          ))}
        </Flex>
      )}
      <EditDraftModal draft={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
