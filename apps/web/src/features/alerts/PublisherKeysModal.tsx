import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import { KeyOutlined } from '@ant-design/icons';
import type { AlertPublisherDto, CreatedPublisherDto } from '@drat/contracts';
import { applyServerErrors } from '../../lib/formErrors';
import { formatDateTime } from '../../lib/format';
import { useCreatePublisher, usePublishers, useRevokePublisher } from './queries';

/**
 * Super users: the API keys the analysts' tools publish alerts with (POST /api/alerts/publish,
 * `Authorization: Bearer <key>`). A new key is shown once; revoking one refuses it from then on.
 */
export function PublisherKeysModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [created, setCreated] = useState<CreatedPublisherDto | null>(null);
  const publishers = usePublishers(open);
  // Both read the list again (queries.ts).
  const create = useCreatePublisher({
    onSuccess: (reply) => {
      setCreated(reply);
      form.resetFields();
    },
    onError: (err) => {
      const general = applyServerErrors(form, err, ['name']);
      if (general.length > 0) general.forEach((text) => message.error(text));
      else if (form.getFieldError('name').length === 0) message.error(err.message);
    },
  });
  const revoke = useRevokePublisher();

  const close = () => {
    setCreated(null);
    onClose();
  };

  return (
    <Modal open={open} onCancel={close} footer={null} title="Publisher API keys" width={800}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Analysts&apos; tools publish alerts with <Typography.Text code>POST /api/alerts/publish</Typography.Text> and{' '}
          <Typography.Text code>Authorization: Bearer &lt;key&gt;</Typography.Text>.
        </Typography.Text>
        <Form form={form} layout="inline" onFinish={({ name }) => create.mutate(name)} requiredMark={false}>
          <Form.Item name="name" label="Publisher" style={{ flex: 1 }}>
            <Input placeholder="e.g. Options desk" maxLength={100} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<KeyOutlined />} loading={create.isPending}>
              Create key
            </Button>
          </Form.Item>
        </Form>
        {created && (
          <Alert
            type="success"
            showIcon
            closable={{ onClose: () => setCreated(null) }}
            title={`Key of ${created.name}: copy it now, it is not shown again.`}
            description={
              <Typography.Text code copyable data-testid="new-publisher-key">
                {created.key}
              </Typography.Text>
            }
          />
        )}
        <Table<AlertPublisherDto>
          rowKey="id"
          size="small"
          loading={publishers.isLoading}
          dataSource={publishers.data?.data ?? []}
          pagination={false}
          columns={[
            { title: 'Publisher', dataIndex: 'name' },
            {
              title: 'Key',
              dataIndex: 'key_prefix',
              render: (prefix: string) => <Typography.Text code>{prefix}…</Typography.Text>,
            },
            { title: 'Created', dataIndex: 'created', render: (at: string) => formatDateTime(at) },
            { title: 'Alerts', dataIndex: 'alerts', align: 'right' },
            {
              title: 'Status',
              key: 'status',
              render: (_, p) =>
                p.revoked ? <Tag>Revoked {formatDateTime(p.revoked)}</Tag> : <Tag color="green">Active</Tag>,
            },
            {
              title: '',
              key: 'revoke',
              align: 'right',
              render: (_, p) =>
                p.revoked ? null : (
                  <Popconfirm
                    title={`Revoke the key of ${p.name}?`}
                    description="Its tool can no longer publish."
                    okText="Revoke"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => revoke.mutate(p.id)}
                  >
                    <Button size="small" danger>
                      Revoke
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </Flex>
    </Modal>
  );
}
