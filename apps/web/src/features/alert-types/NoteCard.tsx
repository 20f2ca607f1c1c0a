import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Row, Select, Skeleton, Typography, theme } from 'antd';
import useApp from 'antd/es/app/useApp';
import { SaveOutlined } from '@ant-design/icons';
import { ALERT_MSG, type AlertCategory, type AlertTypeAdminDto } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { lazyPart } from '../../lib/lazyPage';
import { SafeHtml } from '../alerts';
import { NOTE_LOCAL_FAILURE, categoriesOf, noteSaveError, noteToSave, typesOf } from './alertTypes';
import { useSaveNote } from './mutations';
import { useAlertTypesAdmin } from './queries';

// Tiptap is fetched with this card only (its own chunk), never with the shell.
const NoteEditor = lazyPart(
  async () => (await import('./NoteEditor')).NoteEditor,
  <Skeleton active paragraph={{ rows: 5 }} />,
);

/** 3-bots-admin-public §2.7: a category, one of its types, the type's note and its preview, Save. */
export function NoteCard() {
  const { message } = useApp();
  const { token } = theme.useToken();
  const types = useAlertTypesAdmin();
  const all = useMemo(() => types.data ?? [], [types.data]);
  const categories = useMemo(() => categoriesOf(all), [all]);
  const [chosenCategory, setCategory] = useState<AlertCategory | undefined>();
  const category = chosenCategory ?? categories[0];
  const [typeId, setTypeId] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [typeError, setTypeError] = useState<string | null>(null);
  const ofCategory = useMemo(() => (category ? typesOf(all, category) : []), [all, category]);
  const type: AlertTypeAdminDto | undefined = all.find((t) => t.id === typeId);

  const save = useSaveNote({
    onSuccess: (reply) => void message.success(reply.message || ALERT_MSG.alertTypeUpdated(reply.data.name)),
    onError: (err) => void message.error(err instanceof ApiError && err.message ? err.message : NOTE_LOCAL_FAILURE),
  });

  const chooseType = (id: number | null) => {
    setTypeId(id);
    setTypeError(null);
    setDraft(all.find((t) => t.id === id)?.raw_note ?? '');
  };

  const onSave = () => {
    const problem = noteSaveError(type?.id);
    setTypeError(problem);
    if (problem || !type) {
      if (problem) void message.error(problem);
      return;
    }
    save.mutate({ id: type.id, raw_note: noteToSave(draft) });
  };

  return (
    <Card title="Alert type notes" loading={types.isPending}>
      {types.isError ? (
        <Alert type="error" showIcon message={types.error.message || 'Could not load the alert types.'} />
      ) : (
        <Form layout="vertical" requiredMark={false} onFinish={onSave}>
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Form.Item label="Category" htmlFor="alert-type-note-category">
                <Select
                  id="alert-type-note-category"
                  value={category}
                  options={categories.map((c) => ({ value: c, label: c }))}
                  onChange={(c: AlertCategory) => {
                    setCategory(c);
                    chooseType(null);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={14}>
              <Form.Item
                label="Alert type"
                htmlFor="alert-type-note-type"
                validateStatus={typeError ? 'error' : undefined}
                help={typeError ?? undefined}
              >
                <Select
                  id="alert-type-note-type"
                  placeholder="Select an alert type"
                  value={typeId ?? undefined}
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  options={ofCategory.map((t) => ({ value: t.id, label: t.name }))}
                  onChange={(id: number | undefined) => chooseType(id ?? null)}
                  notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No alert types" />}
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Typography.Text strong>Note</Typography.Text>
              <div style={{ marginTop: 8 }}>
                <NoteEditor key={typeId ?? 'none'} initial={type?.raw_note ?? ''} onChange={setDraft} />
              </div>
            </Col>
            <Col xs={24} lg={12}>
              <section aria-label="Preview">
                <Typography.Text strong>Preview</Typography.Text>
                <div
                  style={{
                    marginTop: 8,
                    minHeight: 120,
                    padding: 12,
                    border: `1px dashed ${token.colorBorder}`,
                    borderRadius: token.borderRadius,
                    overflowWrap: 'anywhere',
                  }}
                >
                  {noteToSave(draft) ? (
                    <SafeHtml html={draft} />
                  ) : (
                    <Typography.Text type="secondary">
                      {type ? 'No notes for this alert type.' : 'Choose an alert type to see its note.'}
                    </Typography.Text>
                  )}
                </div>
              </section>
            </Col>
          </Row>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={save.isPending}
            style={{ marginTop: 16 }}
          >
            Save
          </Button>
        </Form>
      )}
    </Card>
  );
}
