import { useState } from 'react';
import { Button, Descriptions, Dropdown, Modal, Space, Table, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import type { ColumnsType } from 'antd/es/table';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { TEMPLATE_ENTRIES, type TemplateEntry, type TradeTemplateDto } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { TemplateDrawer } from './TemplateDrawer';
import { TradeDrawer } from './TradeDrawer';
import { entryLabel, parameterOf, parameterText, TEMPLATE_EXPORT_HEADER, templateExportRows } from './templateForm';
import { downloadSheet, sheetWorkbook } from './exportTrades';
import { ExportButton, TradeListHeader, usePhone } from './TradeListParts';
import { useDeleteTemplate } from './mutations';
import { useTradeTemplates } from './queries';

/** A template's entry in the table: its percentage, with the price it is based on under it. */
function EntryCell({ template, entry }: { template: TradeTemplateDto; entry: TemplateEntry }) {
  const p = parameterOf(template, entry);
  if (!p) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      {`${p.percentage}%`}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {p.based_on}
      </Typography.Text>
    </Space>
  );
}

/** View Details (2-trading §4 "Templates"): the template's name, author, dates and every parameter. */
export function TemplateDetailsModal({
  template,
  onClose,
}: {
  template: TradeTemplateDto | null;
  onClose: () => void;
}) {
  return (
    <Modal open={template !== null} title={template?.name ?? ''} onCancel={onClose} footer={null} width={640}>
      {template && (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="Created by">{template.created_by}</Descriptions.Item>
          <Descriptions.Item label="Created">{formatDateTime(template.date_created)}</Descriptions.Item>
          <Descriptions.Item label="Last updated">{formatDateTime(template.last_updated)}</Descriptions.Item>
          {TEMPLATE_ENTRIES.map((entry) => {
            const p = parameterOf(template, entry);
            return (
              <Descriptions.Item key={entry} label={entryLabel(entry)}>
                {p ? parameterText(p) : '—'}
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      )}
    </Modal>
  );
}

type MenuKey = 'use' | 'details' | 'edit' | 'delete';
/** A template's menu (§4 "Templates"): Use opens the basic trade drawer with it. */
const MENU_ITEMS: { key: MenuKey; label: string; danger?: boolean }[] = [
  { key: 'use', label: 'Use' },
  { key: 'details', label: 'View Details' },
  { key: 'edit', label: 'Edit' },
  { key: 'delete', label: 'Delete', danger: true },
];

/**
 * SMT Templates (2-trading §2.1, §4 "Templates", §6; super users): the templates with their five
 * percentages, each with a menu Use, View Details, Edit and Delete (asked Yes / No), and 'Create SMT
 * Templates'. Changes read the list again, here and in the basic trade drawer's template picker
 * (the same query). Below tablet width the list shows the name and the menu; the percentages from
 * desktop width.
 */
export function TemplatesPanel({ onUse }: { onUse: (template: TradeTemplateDto) => void }) {
  const phone = usePhone();
  const { modal } = useApp();
  const templates = useTradeTemplates();
  const [editing, setEditing] = useState<TradeTemplateDto | 'new' | null>(null);
  const [viewing, setViewing] = useState<TradeTemplateDto | null>(null);
  const remove = useDeleteTemplate();

  const act = (t: TradeTemplateDto, key: MenuKey) => {
    if (key === 'use') onUse(t);
    else if (key === 'details') setViewing(t);
    else if (key === 'edit') setEditing(t);
    else
      modal.confirm({
        title: `Delete template ${t.name}?`,
        okText: 'Yes',
        cancelText: 'No',
        okButtonProps: { danger: true },
        onOk: () => remove.mutate(t.id),
      });
  };

  const columns: ColumnsType<TradeTemplateDto> = [
    { title: 'Name', dataIndex: 'name' },
    { title: 'Created by', dataIndex: 'created_by', responsive: ['md'] },
    { title: 'Last updated', dataIndex: 'last_updated', responsive: ['md'], render: (v: string) => formatDateTime(v) },
    ...TEMPLATE_ENTRIES.map((entry): ColumnsType<TradeTemplateDto>[number] => ({
      title: entryLabel(entry),
      key: entry,
      responsive: ['lg'],
      render: (_, t) => <EntryCell template={t} entry={entry} />,
    })),
    {
      title: 'Actions',
      key: 'actions',
      render: (_, t) => (
        <Dropdown trigger={['click']} menu={{ items: MENU_ITEMS, onClick: ({ key }) => act(t, key as MenuKey) }}>
          <Button size="small" aria-label={`Actions for template ${t.name}`}>
            Action <DownOutlined />
          </Button>
        </Dropdown>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <TradeListHeader title="SMT Templates">
        <ExportButton
          count={templates.data?.data.length ?? 0}
          download={() =>
            downloadSheet(
              'smt-templates.xlsx',
              sheetWorkbook('SMT Templates', TEMPLATE_EXPORT_HEADER, templateExportRows(templates.data?.data ?? [])),
            )
          }
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Create SMT Templates
        </Button>
      </TradeListHeader>
      <Table<TradeTemplateDto>
        rowKey="id"
        size={phone ? 'small' : undefined}
        loading={templates.isLoading || remove.isPending}
        dataSource={templates.data?.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: 'No templates yet.' }}
        columns={columns}
      />
      <TemplateDetailsModal template={viewing} onClose={() => setViewing(null)} />
      <TemplateDrawer template={editing} onClose={() => setEditing(null)} />
    </Space>
  );
}

/**
 * The SMT Templates view of the Smart Trades page (super users, in live and in demo mode: §6 gives
 * templates to super users whatever the mode): the templates, and Use opening the basic trade
 * drawer with one (a live trade in live mode, a demo trade in demo mode).
 */
export function TemplatesView() {
  const [using, setUsing] = useState<number | null>(null);
  return (
    <>
      <TemplatesPanel onUse={(t) => setUsing(t.id)} />
      <TradeDrawer
        source={using === null ? null : { kind: 'custom', template: using }}
        onClose={() => setUsing(null)}
      />
    </>
  );
}
