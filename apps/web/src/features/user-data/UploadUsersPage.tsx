import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Flex, Space, Statistic, Table, Typography, Upload, type UploadFile } from 'antd';
import { HistoryOutlined, InboxOutlined, TeamOutlined, UploadOutlined } from '@ant-design/icons';
import { USER_DATA_FIELDS, USER_DATA_MSG, type UploadReport } from '@drat/contracts';
import { usePhone } from '../smart-trades';
import { useUploadUserData } from './mutations';
import { useUserData } from './queries';
import { DEFAULT_PAGE_SIZE, fileProblem, isUploadable, reportWords, UPLOAD_ACCEPT } from './search';

const EVERYONE = {};

/**
 * Upload Users (/upload-users, 3-bots-admin-public §2.10, §4, §5 "User upload"): one CSV, XLS or
 * XLSX file is chosen, then Upload sends it; the report says what became of each row (added, with
 * changes pending, unchanged, skipped with the row and why), and the buttons to Pending User Changes
 * and the user list appear. The staff account only: the server tells others they have view-only access.
 */
export function UploadUsersPage() {
  const phone = usePhone();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadUserData();
  const report = upload.data?.data;
  // The first page of the list (the one /user-data opens with) says whether this super user may upload.
  const viewOnly = useUserData(EVERYONE, 1, DEFAULT_PAGE_SIZE).data?.can_edit === false;

  const send = () => {
    const wrong = fileProblem(file);
    setProblem(wrong);
    if (wrong === null && file) upload.mutate(file);
  };
  const shown: UploadFile[] = file ? [{ uid: 'chosen', name: file.name, status: 'done', size: file.size }] : [];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {viewOnly && <Alert type="info" showIcon title={USER_DATA_MSG.viewOnly} />}
      <Card title="Upload a file of users">
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            One CSV, XLS or XLSX file whose first row names the columns: {USER_DATA_FIELDS.join(', ')}. People already
            in the list are found by e-mail (or phone): what the file changes about them waits in Pending User Changes.
          </Typography.Paragraph>
          <Upload.Dragger
            accept={UPLOAD_ACCEPT}
            multiple={false}
            maxCount={1}
            fileList={shown}
            beforeUpload={(chosen) => {
              if (!isUploadable(chosen.name)) {
                setProblem(USER_DATA_MSG.fileType);
                return Upload.LIST_IGNORE;
              }
              setFile(chosen);
              setProblem(null);
              upload.reset();
              return false;
            }}
            onRemove={() => {
              setFile(null);
              upload.reset();
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Click or drag a file here</p>
            <p className="ant-upload-hint">CSV, XLS or XLSX, one file</p>
          </Upload.Dragger>
          {problem && <Alert type="error" showIcon title={problem} />}
          <Flex justify={phone ? 'stretch' : 'flex-start'}>
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={send}
              loading={upload.isPending}
              disabled={viewOnly}
              block={phone}
            >
              Upload
            </Button>
          </Flex>
        </Space>
      </Card>
      {report && <UploadReportCard report={report} phone={phone} />}
      {report && (
        <Flex wrap gap={8} vertical={phone}>
          <Button type="primary" icon={<HistoryOutlined />} onClick={() => navigate('/updates')} block={phone}>
            Pending User Changes
          </Button>
          <Button icon={<TeamOutlined />} onClick={() => navigate('/user-data')} block={phone}>
            User data
          </Button>
        </Flex>
      )}
    </Space>
  );
}

/** The upload's report: the counts, in words, and the skipped rows with their reasons. */
function UploadReportCard({ report, phone }: { report: UploadReport['data']; phone: boolean }) {
  const words = reportWords(report);
  const counts: [string, number][] = [
    ['Rows', report.rows],
    ['Added', report.added],
    ['Pending', report.pending],
    ['Unchanged', report.unchanged],
    ['Skipped', report.skipped],
  ];
  return (
    <Card title="Upload report" aria-label="Upload report">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Flex wrap gap={phone ? 16 : 40}>
          {counts.map(([title, value]) => (
            <Statistic key={title} title={title} value={value} />
          ))}
        </Flex>
        <div>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{words.summary}</Typography.Paragraph>
          {words.details.map((d) => (
            <Typography.Paragraph key={d} type="secondary" style={{ marginBottom: 4 }}>
              {d}
            </Typography.Paragraph>
          ))}
        </div>
        {report.skipped_rows.length > 0 && (
          <Table
            rowKey="row"
            size="small"
            aria-label="Skipped rows"
            dataSource={report.skipped_rows}
            pagination={report.skipped_rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
            columns={[
              { title: 'Row', dataIndex: 'row', width: 80 },
              { title: 'Reason', dataIndex: 'reason' },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
