import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Col, Form, Grid, Row, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import type { NotificationDraft } from '@drat/contracts';
import { DraftsPanel } from './DraftsPanel';
import { NotifyForm, type NotifyFormState } from './NotifyForm';

/**
 * Create Notification (3-bots-admin-public §2.8, super users): the form beside the saved drafts
 * (under it on a phone). A draft's Use fills the form's title and message.
 */
export function NotificationsPage() {
  const phone = Grid.useBreakpoint().md === false;
  const [form] = Form.useForm<NotifyFormState>();
  const top = useRef<HTMLDivElement>(null);

  const applyDraft = (draft: NotificationDraft) => {
    form.setFields([
      { name: 'title', value: draft.title, errors: [] },
      { name: 'message', value: draft.message, errors: [] },
    ]);
    if (phone) top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={15} xxl={14}>
        <div ref={top}>
          <Card
            title="New notification"
            extra={
              <Link to="/notifications-status">
                <Button size="small" icon={<UnorderedListOutlined />}>
                  {phone ? 'Status' : 'Notification Status'}
                </Button>
              </Link>
            }
          >
            <Typography.Paragraph type="secondary">
              Tell one user, several, the users on plans or everyone: in their inbox, and by e-mail or SMS.
            </Typography.Paragraph>
            <NotifyForm form={form} phone={phone} />
          </Card>
        </div>
      </Col>
      <Col xs={24} lg={9} xxl={10}>
        <DraftsPanel onUse={applyDraft} />
      </Col>
    </Row>
  );
}
