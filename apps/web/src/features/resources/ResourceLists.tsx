import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { Button, Empty, Popconfirm, Tag, Typography, theme } from 'antd';
import { DeleteOutlined, FileExcelOutlined, FilePdfOutlined, PlayCircleFilled } from '@ant-design/icons';
import { RESOURCE_MSG, type ResourceDto } from '@drat/contracts';
import { fileKind } from './links';
import styles from './resources.module.css';
import type { FileOpener } from './useFileOpener';

/** Where a resource opens: its link for videos that live elsewhere, else the stored file (a signed link). */
export const resourceHref = (r: ResourceDto) => r.link ?? r.file_url ?? undefined;

const uploaded = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const uploadedOn = (iso: string) => `Uploaded ${uploaded.format(new Date(iso))}`;

/** XLSX, XLS or CSV, from the stored file's name. */
const sheetKind = (r: ResourceDto) => fileKind(r.file_url, 'SHEET');

/** Colours of the lists from the theme, as CSS variables for resources.module.css. */
export function useListStyle(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--res-border': token.colorBorderSecondary,
    '--res-card': token.colorBgContainer,
    '--res-cover': `linear-gradient(135deg, ${token.colorPrimary}, ${token.purple6})`,
    '--res-shadow': token.boxShadowSecondary,
  } as CSSProperties;
}

export interface DeleteControl {
  /** Shown to super users only. */
  enabled: boolean;
  pendingId: number | null;
  onDelete: (r: ResourceDto) => void;
}

/** What a list does: open a resource (with a fresh link when its own is old), and delete one. */
export interface ListControl extends DeleteControl {
  onOpen: FileOpener;
}

/** The delete button behind the spec's yes/no confirm. */
function DeleteButton({ resource, control }: { resource: ResourceDto; control: DeleteControl }) {
  if (!control.enabled) return null;
  return (
    <Popconfirm
      title={RESOURCE_MSG.confirmDelete}
      okText="Yes"
      cancelText="No"
      okButtonProps={{ danger: true }}
      onConfirm={() => control.onDelete(resource)}
    >
      <Button
        danger
        type="text"
        icon={<DeleteOutlined />}
        aria-label={`Delete ${resource.name}`}
        loading={control.pendingId === resource.id}
      />
    </Popconfirm>
  );
}

const opens = { target: '_blank', rel: 'noopener noreferrer' } as const;
/** The attributes of a link that opens `r` in a new tab. */
const opening = (r: ResourceDto, control: ListControl) => ({
  href: resourceHref(r),
  ...opens,
  onClick: (e: MouseEvent<HTMLElement>) => control.onOpen(e, r),
});

function FileRow({
  resource,
  icon,
  tint,
  meta,
  tag,
  control,
}: {
  resource: ResourceDto;
  icon: ReactNode;
  tint: [string, string];
  meta?: string;
  tag: ReactNode;
  control: ListControl;
}) {
  return (
    <div className={styles.row} data-testid={`resource-${resource.id}`}>
      <span className={styles.tile} style={{ background: tint[0], color: tint[1] }} aria-hidden>
        {icon}
      </span>
      <div className={styles.main}>
        <Typography.Link className={styles.name} {...opening(resource, control)}>
          {resource.name}
        </Typography.Link>
        {meta && <Typography.Text type="secondary">{meta}</Typography.Text>}
      </div>
      {tag}
      <DeleteButton resource={resource} control={control} />
    </div>
  );
}

/** Documents: a name linking to the file, 'Uploaded {date}' and a PDF label (1-core §2). */
export function DocumentList({ items, control }: { items: ResourceDto[]; control: ListControl }) {
  const { token } = theme.useToken();
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No documents yet." />;
  return (
    <div>
      {items.map((r) => (
        <FileRow
          key={r.id}
          resource={r}
          icon={<FilePdfOutlined />}
          tint={[token.colorErrorBg, token.colorError]}
          meta={uploadedOn(r.created)}
          tag={<Tag color="red">PDF</Tag>}
          control={control}
        />
      ))}
    </div>
  );
}

/** Sheets: a name linking to the file (with its kind). */
export function SheetList({ items, control }: { items: ResourceDto[]; control: ListControl }) {
  const { token } = theme.useToken();
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No sheets yet." />;
  return (
    <div>
      {items.map((r) => (
        <FileRow
          key={r.id}
          resource={r}
          icon={<FileExcelOutlined />}
          tint={[token.colorSuccessBg, token.colorSuccess]}
          meta={uploadedOn(r.created)}
          tag={<Tag color="green">{sheetKind(r)}</Tag>}
          control={control}
        />
      ))}
    </div>
  );
}

/** Videos: thumbnail, duration, name and description, linking out. */
export function VideoGrid({ items, control }: { items: ResourceDto[]; control: ListControl }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No videos yet." />;
  return (
    <div className={styles.grid}>
      {items.map((r) => (
        <article key={r.id} className={styles.video} data-testid={`resource-${r.id}`}>
          <a className={styles.cover} {...opening(r, control)} aria-label={`Watch ${r.name}`}>
            {r.thumbnail_url ? (
              <img src={r.thumbnail_url} alt="" loading="lazy" />
            ) : (
              <span className={styles.placeholder}>
                <PlayCircleFilled />
              </span>
            )}
            {r.video_time_duration && <span className={styles.duration}>{r.video_time_duration}</span>}
          </a>
          <div className={styles.body}>
            <div className={styles.bodyTop}>
              <Typography.Link className={styles.name} {...opening(r, control)}>
                {r.name}
              </Typography.Link>
              <DeleteButton resource={r} control={control} />
            </div>
            {r.description && (
              <Typography.Paragraph type="secondary" className={styles.description}>
                {r.description}
              </Typography.Paragraph>
            )}
          </div>
        </article>
      ))}
    </div>
  );
}
