import { useEffect } from 'react';
import { Button, Drawer, Flex, Form, Input, InputNumber, Select, Typography, type FormRule } from 'antd';
import useApp from 'antd/es/app/useApp';
import { TEMPLATE_BASES, TEMPLATE_ENTRIES, TEMPLATE_NAME_MAX, type TradeTemplateDto } from '@drat/contracts';
import { applyServerErrors } from '../../lib/formErrors';
import {
  checkTemplate,
  entryLabel,
  percentMaxOf,
  templateFieldMessage,
  templateFormValues,
  type TemplateFieldName,
  type TemplateFormValues,
} from './templateForm';
import { useSaveTemplate } from './mutations';

const BASES = TEMPLATE_BASES.map((b) => ({ value: b, label: b }));

/** A form field's rule: the message tradeTemplateBody gives on it for the whole form as it stands. */
const templateRule =
  (field: TemplateFieldName): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const text = templateFieldMessage(getFieldsValue(true) as TemplateFormValues, field);
      if (text !== null) throw new Error(text);
    },
  });

/**
 * The template drawer (2-trading §2.4, §4 "Templates", §5.6; super users): the name and, per entry
 * (buy range low and high, target range low and high, stop loss), a percentage below (buy ranges,
 * stop loss: 0-100) or above (targets: 0-500) the price it is based on (ask, last or bid). CREATE
 * for a new template (`template` 'new'), SAVE for an existing one; closed when null. Checked with
 * the contracts' tradeTemplateBody; the server's field errors land on the fields.
 */
export function TemplateDrawer({
  template,
  onClose,
}: {
  template: TradeTemplateDto | 'new' | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<TemplateFormValues>();
  const { message } = useApp();
  const existing = template !== null && template !== 'new' ? template : null;

  useEffect(() => {
    if (template === null) return;
    form.resetFields();
    form.setFieldsValue(templateFormValues(template === 'new' ? null : template));
  }, [template, form]);

  // The templates are read again after it (mutations.ts).
  const save = useSaveTemplate(existing, {
    onSuccess: (reply) => {
      void message.success(reply.message);
      onClose();
    },
    onError: (err) => {
      const general = applyServerErrors(form, err, ['name']);
      for (const text of general.length > 0 ? general : [err.message]) void message.error(text);
    },
  });

  const submit = () => {
    const check = checkTemplate(form.getFieldsValue(true) as TemplateFormValues);
    if (check.ok) return save.mutate(check.body);
    form.setFields(check.errors);
    for (const text of check.general) void message.error(text);
  };

  return (
    <Drawer
      open={template !== null}
      onClose={onClose}
      title={existing ? `Edit template ${existing.name}` : 'Create SMT Template'}
      size="min(600px, 100vw)"
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {existing ? 'SAVE' : 'CREATE'}
          </Button>
        </Flex>
      }
    >
      <Form<TemplateFormValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="name" label="Template name" rules={[templateRule('name')]}>
          <Input maxLength={TEMPLATE_NAME_MAX} autoFocus />
        </Form.Item>
        {TEMPLATE_ENTRIES.map((entry, i) => (
          <Flex key={entry} vertical>
            <Typography.Text strong>{entryLabel(entry)}</Typography.Text>
            <Flex gap={12} wrap>
              <Form.Item
                name={['parameters', i, 'percentage']}
                label="Percentage"
                style={{ flex: '1 1 160px' }}
                rules={[templateRule(['parameters', i, 'percentage'])]}
              >
                <InputNumber
                  min={0}
                  max={percentMaxOf(entry)}
                  step={1}
                  suffix="%"
                  style={{ width: '100%' }}
                  aria-label={`${entryLabel(entry)} percentage`}
                />
              </Form.Item>
              <Form.Item
                name={['parameters', i, 'based_on']}
                label="Based on"
                style={{ flex: '1 1 160px' }}
                rules={[templateRule(['parameters', i, 'based_on'])]}
              >
                <Select options={BASES} placeholder="Price" aria-label={`${entryLabel(entry)} based on`} />
              </Form.Item>
            </Flex>
          </Flex>
        ))}
      </Form>
    </Drawer>
  );
}
