import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  Col,
  Divider,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Typography,
  Upload,
  theme,
  type FormRule,
  type SelectProps,
  type UploadFile,
} from 'antd';
import useApp from 'antd/es/app/useApp';
import {
  FileExcelOutlined,
  FilePdfOutlined,
  FolderOpenOutlined,
  InboxOutlined,
  PictureOutlined,
  PlaySquareOutlined,
} from '@ant-design/icons';
import {
  ALERT_CATEGORIES,
  RESOURCE_ACCESS,
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_DURATION_MAX,
  RESOURCE_FILE_ACCEPT,
  RESOURCE_MAX_BYTES,
  RESOURCE_MSG,
  RESOURCE_NAME_MAX,
  RESOURCE_THUMBNAIL_ACCEPT,
  RESOURCE_THUMBNAIL_MAX_BYTES,
  type ResourceAccess,
  type ResourceAccessLevel,
  type ResourceDto,
  type ResourceType,
} from '@drat/contracts';
import { useSession } from '../../app/session';
import { applyServerErrors } from '../../lib/formErrors';
import { lazyPart } from '../../lib/lazyPage';
import { lazyRule } from '../../lib/lazyRule';
import { useCreateResource } from './queries';
import type { ResourceRuleField } from './rules';

interface FormValues {
  name: string;
  type?: ResourceType;
  access_level: ResourceAccessLevel;
  access?: ResourceAccess;
  alert_types?: number[];
  video_time_duration?: string;
  link?: string;
  description?: string;
  file?: UploadFile[];
  thumbnail?: UploadFile[];
}

const SERVER_FIELDS = [
  'name',
  'type',
  'access',
  'alert_types',
  'video_time_duration',
  'link',
  'description',
  'file',
  'thumbnail',
] as const;

const TYPE_CHOICES: { value: ResourceType; label: string; icon: ReactNode }[] = [
  { value: 'PDF', label: 'Document (PDF)', icon: <FilePdfOutlined /> },
  { value: 'VIDEO', label: 'Video', icon: <PlaySquareOutlined /> },
  { value: 'SHEET', label: 'Sheet', icon: <FileExcelOutlined /> },
];

const ACCESS_HINT: Record<ResourceAccess, string> = {
  STOCKS: 'Subscribers with stocks alerts',
  OPTIONS: 'Subscribers with options alerts',
  OTC: 'Subscribers with OTC alerts',
  ALL: 'Everyone signed in',
  ADMIN: 'Super users only',
};

/** The alert types' multiple select, shown only when access is given by alert type: fetched then. */
const AlertTypeSelect = lazyPart(
  async () => (await import('antd/es/select')).default as ComponentType<SelectProps<number[]>>,
);

const FILE_HINT: Record<ResourceType, string> = {
  PDF: `A PDF, up to ${RESOURCE_MAX_BYTES.PDF / 1024 / 1024} MB.`,
  SHEET: `An XLSX, XLS or CSV file, up to ${RESOURCE_MAX_BYTES.SHEET / 1024 / 1024} MB.`,
  VIDEO: `An MP4 or WebM file, up to ${RESOURCE_MAX_BYTES.VIDEO / 1024 / 1024} MB, or leave it empty and give a link.`,
};

/** The text fields' rules are the server's (rules.ts, fetched at the first check); the files are checked below. */
const serverRule = (field: ResourceRuleField) => lazyRule(async () => (await import('./rules')).RESOURCE_RULES[field]);
const fieldRules = {
  name: [serverRule('name')],
  type: [serverRule('type')],
  access: [serverRule('access')],
  alert_types: [serverRule('alert_types')],
  video_time_duration: [serverRule('video_time_duration')],
  link: [serverRule('link')],
} satisfies Partial<Record<keyof FormValues, FormRule[]>>;

const fileList = (e: { fileList?: UploadFile[] } | UploadFile[] | undefined) => (Array.isArray(e) ? e : e?.fileList);
const fileOf = (list: UploadFile[] | undefined) => list?.[0]?.originFileObj;

/** The file must be there (unless a video has a link) and within the type's limit. */
function fileRules(type: ResourceType | undefined): FormRule[] {
  return [
    ({ getFieldValue }) => ({
      validator: async (_rule, value: UploadFile[] | undefined) => {
        const file = fileOf(value);
        if (!type) return;
        if (!file) {
          if (type === 'PDF') throw new Error(RESOURCE_MSG.pdfRequired);
          if (type === 'SHEET') throw new Error(RESOURCE_MSG.sheetRequired);
          if (!String(getFieldValue('link') ?? '').trim()) throw new Error(RESOURCE_MSG.videoRequired);
          return;
        }
        if (file.size > RESOURCE_MAX_BYTES[type])
          throw new Error(RESOURCE_MSG.tooLarge(type === 'PDF' ? 'PDF' : type.toLowerCase(), RESOURCE_MAX_BYTES[type]));
      },
    }),
  ];
}

const thumbnailRules: FormRule[] = [
  {
    validator: async (_rule, value: UploadFile[] | undefined) => {
      const file = fileOf(value);
      if (!file) return;
      if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) throw new Error(RESOURCE_MSG.notThumbnail);
      if (file.size > RESOURCE_THUMBNAIL_MAX_BYTES)
        throw new Error(RESOURCE_MSG.tooLarge('thumbnail', RESOURCE_THUMBNAIL_MAX_BYTES));
    },
  },
];

/** Manage resources (3-bots-admin-public §2.9): the create form, for super users. */
export function ManageResourcesPage() {
  const { token } = theme.useToken();
  const { message } = useApp();
  const session = useSession();
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form);
  const level = Form.useWatch('access_level', form) ?? 'category';
  const create = useCreateResource();
  const [created, setCreated] = useState<ResourceDto | null>(null);

  const alertTypeOptions = useMemo(() => {
    const types = session?.alert_types ?? [];
    return ALERT_CATEGORIES.map((category) => ({
      label: category,
      title: category,
      options: types.filter((t) => t.category === category).map((t) => ({ label: t.name, value: t.id })),
    })).filter((g) => g.options.length > 0);
  }, [session?.alert_types]);

  const submit = (v: FormValues) => {
    setCreated(null);
    create.mutate(
      {
        name: v.name,
        type: v.type!,
        access_level: v.access_level,
        access: v.access,
        alert_types: v.alert_types,
        video_time_duration: v.type === 'VIDEO' ? v.video_time_duration : undefined,
        link: v.type === 'VIDEO' ? v.link : undefined,
        description: v.type === 'VIDEO' ? v.description : undefined,
        file: fileOf(v.file),
        thumbnail: v.type === 'VIDEO' ? fileOf(v.thumbnail) : undefined,
      },
      {
        onSuccess: (reply) => {
          setCreated(reply.data);
          form.resetFields();
        },
        onError: (err) => {
          applyServerErrors(form, err, SERVER_FIELDS).forEach((text) => {
            message.error(text);
          });
        },
      },
    );
  };

  const isVideo = type === 'VIDEO';
  return (
    <div style={{ maxWidth: 880, margin: '0 auto', width: '100%' }}>
      <Flex justify="space-between" align="flex-end" gap={token.marginSM} wrap style={{ marginBottom: token.marginMD }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Manage Resources
          </Typography.Title>
          <Typography.Text type="secondary">
            Add a document, video or sheet to the library, for a category or for alert types.
          </Typography.Text>
        </div>
        <Link to="/resources">
          <Button icon={<FolderOpenOutlined />}>View library</Button>
        </Link>
      </Flex>
      {created && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setCreated(null) }}
          style={{ marginBottom: token.marginMD }}
          title={`'${created.name}' is in the library.`}
          action={<Link to="/resources">Open Resources</Link>}
        />
      )}
      <Card variant="outlined" title="New resource">
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{ access_level: 'category' }}
          onFinish={submit}
          onValuesChange={(changed: Partial<FormValues>) => {
            if ('type' in changed) form.setFieldsValue({ file: [], thumbnail: [] });
          }}
          disabled={create.isPending}
        >
          <Form.Item label="Name" name="name" rules={fieldRules.name}>
            <Input placeholder="e.g. Options Basics: Calls and Puts" maxLength={RESOURCE_NAME_MAX} />
          </Form.Item>
          <Form.Item label="Type" name="type" rules={fieldRules.type}>
            <Radio.Group optionType="button" buttonStyle="solid">
              {TYPE_CHOICES.map((c) => (
                <Radio.Button key={c.value} value={c.value}>
                  <span aria-hidden style={{ marginInlineEnd: token.marginXS }}>
                    {c.icon}
                  </span>
                  {c.label}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>

          <Divider titlePlacement="start" plain>
            Who can see it
          </Divider>
          <Form.Item name="access_level" label="Give access by">
            <Radio.Group
              options={[
                { value: 'category', label: 'Category' },
                { value: 'alert_type', label: 'Alert types' },
              ]}
            />
          </Form.Item>
          {level === 'category' ? (
            <Form.Item label="Category with access" name="access" rules={fieldRules.access}>
              <Radio.Group
                orientation="vertical"
                options={RESOURCE_ACCESS.map((a) => ({ value: a, label: `${a} — ${ACCESS_HINT[a]}` }))}
              />
            </Form.Item>
          ) : (
            <Form.Item label="Alert types with access" name="alert_types" rules={fieldRules.alert_types}>
              <AlertTypeSelect
                mode="multiple"
                placeholder="Select one or more alert types"
                options={alertTypeOptions}
                optionFilterProp="label"
                allowClear
              />
            </Form.Item>
          )}

          {isVideo && (
            <>
              <Divider titlePlacement="start" plain>
                Video
              </Divider>
              <Row gutter={token.marginMD}>
                <Col xs={24} sm={8}>
                  <Form.Item label="Duration" name="video_time_duration" rules={fieldRules.video_time_duration}>
                    <Input placeholder="12:30" maxLength={RESOURCE_DURATION_MAX} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={16}>
                  <Form.Item
                    label="Link"
                    name="link"
                    rules={fieldRules.link}
                    extra="Where the video is watched, when it is not uploaded here."
                  >
                    <Input placeholder="https://www.youtube.com/watch?v=…" inputMode="url" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label="Description" name="description">
                <Input.TextArea
                  rows={3}
                  maxLength={RESOURCE_DESCRIPTION_MAX}
                  showCount
                  placeholder="What the viewer will learn."
                />
              </Form.Item>
              <Form.Item
                label="Thumbnail"
                name="thumbnail"
                valuePropName="fileList"
                getValueFromEvent={fileList}
                rules={thumbnailRules}
                extra="PNG, JPEG, GIF or WebP, up to 2 MB."
              >
                <Upload listType="picture" maxCount={1} accept={RESOURCE_THUMBNAIL_ACCEPT} beforeUpload={() => false}>
                  <Button icon={<PictureOutlined />}>Choose a thumbnail</Button>
                </Upload>
              </Form.Item>
            </>
          )}

          {type && (
            <Form.Item
              label={isVideo ? 'Video file' : 'File'}
              name="file"
              valuePropName="fileList"
              getValueFromEvent={fileList}
              rules={fileRules(type)}
              dependencies={['link']}
              required={!isVideo}
            >
              <Upload.Dragger maxCount={1} accept={RESOURCE_FILE_ACCEPT[type]} beforeUpload={() => false}>
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">Click or drag the file here</p>
                <p className="ant-upload-hint">{FILE_HINT[type]}</p>
              </Upload.Dragger>
            </Form.Item>
          )}

          <Flex justify="flex-end" gap={token.marginXS}>
            <Button htmlType="button" onClick={() => form.resetFields()}>
              Clear
            </Button>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              Create Resource
            </Button>
          </Flex>
        </Form>
      </Card>
    </div>
  );
}
