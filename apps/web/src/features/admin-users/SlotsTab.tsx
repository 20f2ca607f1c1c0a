import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import {
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  Grid,
  InputNumber,
  Modal,
  Progress,
  Table,
  Tag,
  Typography,
} from 'antd';
import useApp from 'antd/es/app/useApp';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined } from '@ant-design/icons';
import { SLOT_MAX_RATE_HOURS, slotEditBody, type SlotDto } from '@drat/contracts';
import { checkWithSchema, zodFieldRule } from '../../lib/zodRule';
import { formatDateTime } from '../../lib/format';
import { useEditSlot, useSlots } from './queries';
import { showFormError } from './serverErrors';
import { countDownOf, everyHours, slotBody, slotNumbersOf, type SlotValues } from './slotWords';

const FIELDS = [
  'remaining_slots',
  'count_down_start_date',
  'count_down_end_date',
  'rate_of_deduction_in_hours',
  'deduction_value',
] as const;

/** §5 "Slot edit": the server's rules and words under each number (the dates are checked together on save). */
const rules = {
  remaining_slots: [zodFieldRule(slotEditBody, 'remaining_slots')],
  rate_of_deduction_in_hours: [zodFieldRule(slotEditBody, 'rate_of_deduction_in_hours', { skipEmpty: true })],
  deduction_value: [zodFieldRule(slotEditBody, 'deduction_value', { skipEmpty: true })],
};

/** The count-down in words: when it starts, its next deduction, or that it ended. */
function CountDownText({ slot }: { slot: SlotDto }) {
  const state = countDownOf(slot, new Date());
  const secondary = (text: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  switch (state.kind) {
    case 'off':
      return <Tag>No count-down</Tag>;
    case 'waiting':
      return (
        <Flex vertical gap={2} align="start">
          <Tag color="gold">Starts {formatDateTime(state.starts.toISOString())}</Tag>
          {secondary(`−${slot.deduction_value} ${everyHours(slot.rate_of_deduction_in_hours)}`)}
        </Flex>
      );
    case 'running':
      return (
        <Flex vertical gap={2} align="start">
          <Tag color="processing">
            −{slot.deduction_value} at {formatDateTime(state.next.toISOString())}
          </Tag>
          {secondary(`then ${everyHours(slot.rate_of_deduction_in_hours)}`)}
        </Flex>
      );
    case 'ended':
      return <Tag>{state.at ? `Ended ${formatDateTime(state.at.toISOString())}` : 'Ended: no slots left'}</Tag>;
  }
}

/** Places left of those offered: CLOSED on the sales pages at 0 (§4). */
function SlotsLeft({ slot }: { slot: SlotDto }) {
  const percent = slot.remaining_slots > 0 ? Math.round((slot.rem_slots / slot.remaining_slots) * 100) : 0;
  return (
    <Flex vertical gap={0} style={{ minWidth: 160 }}>
      <Typography.Text strong>
        {slot.rem_slots} of {slot.remaining_slots} left
      </Typography.Text>
      <Progress
        percent={Math.min(100, percent)}
        size="small"
        showInfo={false}
        status={slot.rem_slots <= 0 ? 'exception' : 'normal'}
        aria-label={`${slot.plan_name}: ${slot.rem_slots} of ${slot.remaining_slots} slots left`}
      />
      {slot.rem_slots <= 0 && (
        <Tag color="error" style={{ alignSelf: 'start' }}>
          CLOSED
        </Tag>
      )}
    </Flex>
  );
}

function columns(phone: boolean, onEdit: (slot: SlotDto) => void): ColumnsType<SlotDto> {
  return [
    {
      title: 'Challenge',
      key: 'plan',
      render: (_, s) => (
        // On a phone the hidden columns' words go under the name.
        <Flex vertical gap={phone ? 6 : 2} align="start">
          <Flex vertical>
            <Typography.Text strong>{s.plan_name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {s.link}
            </Typography.Text>
          </Flex>
          {phone && <SlotsLeft slot={s} />}
          {phone && <CountDownText slot={s} />}
        </Flex>
      ),
    },
    { title: 'Slots', key: 'slots', responsive: ['md'], render: (_, s) => <SlotsLeft slot={s} /> },
    {
      title: 'Count-down start',
      dataIndex: 'count_down_start_date',
      responsive: ['lg'],
      render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
    {
      title: 'Count-down end',
      dataIndex: 'count_down_end_date',
      responsive: ['lg'],
      render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
    { title: 'Count-down', key: 'state', responsive: ['md'], render: (_, s) => <CountDownText slot={s} /> },
    {
      title: 'Actions',
      key: 'edit',
      width: 90,
      render: (_, s) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(s)} aria-label={`Edit ${s.plan_name}`}>
          {phone ? null : 'Edit'}
        </Button>
      ),
    },
  ];
}

/** Edit slots (§2.3, §5 "Slot edit", §7): the places and the count-down; saving starts the count-down again. */
function EditSlotModal({ slot, onClose }: { slot: SlotDto | null; onClose: () => void }) {
  const [form] = Form.useForm<SlotValues>();
  const { message } = useApp();
  const edit = useEditSlot({
    onSuccess: (reply) => {
      void message.success(reply.message);
      onClose();
    },
    onError: (err) => showFormError(form, err, FIELDS, (text) => void message.error(text), err.message),
  });

  useEffect(() => {
    if (!slot) return;
    form.resetFields();
    form.setFieldsValue({
      ...slotNumbersOf(slot),
      count_down_start_date: slot.count_down_start_date ? dayjs(slot.count_down_start_date) : null,
      count_down_end_date: slot.count_down_end_date ? dayjs(slot.count_down_end_date) : null,
    });
  }, [slot, form]);

  const submit = async () => {
    if (!slot) return;
    const values = await form.validateFields();
    // The rules across fields (the end after the start, a rate for a deduction) run on the whole body.
    const { data, general } = checkWithSchema(form, slotEditBody, slotBody(slot.id, values), FIELDS);
    for (const text of general) void message.error(text);
    if (data) edit.mutate({ id: slot.id, body: data });
  };

  return (
    <Modal
      open={slot !== null}
      title={slot ? `Edit slots of ${slot.plan_name}` : ''}
      okText="Save"
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={edit.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The slots offered and left become this number; a count-down that has started takes at once the deductions due
        since its start.
      </Typography.Paragraph>
      <Form<SlotValues> name="slot-edit" form={form} layout="vertical" disabled={edit.isPending}>
        <Form.Item label="Slots offered" name="remaining_slots" rules={rules.remaining_slots}>
          <InputNumber min={0} step={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item label="Count-down start" name="count_down_start_date" style={{ flex: '1 1 200px' }}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Count-down end" name="count_down_end_date" style={{ flex: '1 1 200px' }}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap>
          <Form.Item
            label="Hours between deductions"
            name="rate_of_deduction_in_hours"
            rules={rules.rate_of_deduction_in_hours}
            style={{ flex: '1 1 200px' }}
            extra={`Up to ${SLOT_MAX_RATE_HOURS.toLocaleString('en-US')} (a year).`}
          >
            <InputNumber min={0} max={SLOT_MAX_RATE_HOURS} step={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label="Slots deducted"
            name="deduction_value"
            rules={rules.deduction_value}
            style={{ flex: '1 1 200px' }}
            extra="Each time; 0 for no count-down."
          >
            <InputNumber min={0} step={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}

/**
 * The trade-challenge slot allocation table (3-bots-admin-public §2.3): each challenge's places left
 * of those offered, its count-down (start, end, the next deduction), and Edit.
 */
export function SlotsTab() {
  const phone = Grid.useBreakpoint().md === false;
  const slots = useSlots();
  const [editing, setEditing] = useState<SlotDto | null>(null);
  return (
    <>
      <Table<SlotDto>
        aria-label="Trade-challenge slots"
        rowKey="id"
        size={phone ? 'small' : 'middle'}
        loading={slots.isLoading}
        dataSource={slots.data?.data ?? []}
        columns={columns(phone, setEditing)}
        pagination={false}
        locale={{ emptyText: <Empty description={slots.isError ? slots.error.message : 'No challenges.'} /> }}
        scroll={{ x: 'max-content' }}
      />
      <EditSlotModal slot={editing} onClose={() => setEditing(null)} />
    </>
  );
}
