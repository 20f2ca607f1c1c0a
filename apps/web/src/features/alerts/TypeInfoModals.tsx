import { useMemo, type ReactNode } from 'react';
import DOMPurify from 'dompurify';
import { Alert, Empty, List, Modal, Spin, Tabs, Typography } from 'antd';
import { FileExcelOutlined, FilePdfOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { RESOURCE_TABS, type AlertTypeRight, type ResourceDto, type ResourcesResponse } from '@drat/contracts';
import { formatDate } from './format';
import { useAlertTypeResources } from './queries';

/**
 * An alert type's raw note is HTML written by super users. The server sanitizes it; it is cleaned
 * again here (scripts, handlers and javascript: links removed) before it reaches the page.
 */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }), [html]);
  return <div className="drat-rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function ImportantNotesModal({ type, open, onClose }: { type: AlertTypeRight | undefined; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={`Important Notes — ${type?.name ?? ''}`} width={640}>
      {type?.raw_note ? <SafeHtml html={type.raw_note} /> : <Empty description="No notes for this alert type." />}
    </Modal>
  );
}

const TAB_ICONS: Record<keyof ResourcesResponse, ReactNode> = {
  pdfs: <FilePdfOutlined />,
  videos: <PlayCircleOutlined />,
  sheets: <FileExcelOutlined />,
};

function ResourceList({ items, icon, kind }: { items: ResourceDto[]; icon: ReactNode; kind: string }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No ${kind} for this alert type yet.`} />;
  return (
    <List
      dataSource={items}
      renderItem={(r) => {
        const href = r.file_url ?? r.link ?? undefined;
        return (
          <List.Item key={r.id}>
            <List.Item.Meta
              avatar={r.thumbnail_url ? <img src={r.thumbnail_url} alt="" width={64} style={{ borderRadius: 4 }} /> : icon}
              title={
                href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {r.name}
                  </a>
                ) : (
                  r.name
                )
              }
              description={
                <>
                  {r.description && <Typography.Paragraph style={{ marginBottom: 0 }}>{r.description}</Typography.Paragraph>}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDate(r.created)}
                    {r.video_time_duration ? ` · ${r.video_time_duration}` : ''}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}

/** The alert type's resources (1-core §2 'Resources'): tabs Documents, Videos, Sheets. */
export function ResourcesModal({ type, open, onClose }: { type: AlertTypeRight | undefined; open: boolean; onClose: () => void }) {
  const resources = useAlertTypeResources(type?.id, open);
  const data = resources.data;
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={`Resources — ${type?.name ?? ''}`} width={720}>
      {resources.isLoading && <Spin style={{ display: 'block', margin: '24px auto' }} />}
      {resources.isError && <Alert type="error" showIcon title={resources.error.message} />}
      {data && (
        <Tabs
          items={RESOURCE_TABS.map((t) => ({
            key: t.key,
            label: t.label,
            children: <ResourceList items={data[t.list]} icon={TAB_ICONS[t.list]} kind={t.label.toLowerCase()} />,
          }))}
        />
      )}
    </Modal>
  );
}
