import { Link } from 'react-router-dom';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { MSG } from '@drat/contracts';
import { useContact } from './queries';

/**
 * Where the renewal link leads (1-core §2, §6: expired users see a renewal link) until the pricing
 * page and its checkout are built: what happened, what is kept, and how to renew today.
 */
export function RenewPage() {
  const contact = useContact();
  const email = contact.data?.support_email ?? null;
  const subject = encodeURIComponent('Renew my DRAT subscription');
  return (
    <Flex justify="center">
      <Card style={{ maxWidth: 640, width: '100%' }}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          Renew your subscription
        </Typography.Title>
        <Alert type="warning" showIcon title={MSG.accountInactiveOrExpired} style={{ marginBottom: 16 }} />
        <Typography.Paragraph>
          Your account, settings, trackers and history are kept. Alerts, triggers and the research tools open again as
          soon as a plan runs on your account.
        </Typography.Paragraph>
        <Typography.Title level={4}>How to renew</Typography.Title>
        {contact.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : (
          <ol style={{ paddingLeft: 20 }}>
            <li>
              {email ? (
                <>
                  Write to{' '}
                  <Typography.Link href={`mailto:${email}?subject=${subject}`} data-testid="support-email">
                    {email}
                  </Typography.Link>{' '}
                  from the e-mail address you sign in with, and say which plan you want.
                </>
              ) : (
                <>Ask the DRAT team that gave you your account to renew your plan.</>
              )}
            </li>
            <li>Once your plan is renewed, sign in as before: nothing else changes.</li>
          </ol>
        )}
        <Typography.Paragraph type="secondary">Paying online, by card, comes with the plans page.</Typography.Paragraph>
        <Link to="/login">
          <Button type="primary">Back to sign in</Button>
        </Link>
      </Card>
    </Flex>
  );
}
