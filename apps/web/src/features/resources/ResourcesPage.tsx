import { Link } from 'react-router-dom';
import { Button, Card, Flex, Grid, Typography, theme } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useSession } from '../../app/session';
import { ResourceTabs } from './ResourceTabs';
import { useResources } from './queries';
import { useLoadErrorToast } from './useLoadErrorToast';

/** Resources (1-core §2): documents, videos and sheets the user's plans give. */
export function ResourcesPage() {
  const { token } = theme.useToken();
  const session = useSession();
  const resources = useResources();
  const narrow = Grid.useBreakpoint().sm === false;
  useLoadErrorToast(resources.error, resources.errorUpdatedAt);

  return (
    <div style={{ maxWidth: 1120, margin: '0 auto', width: '100%' }}>
      <Flex justify="space-between" align="flex-end" gap={token.marginSM} wrap style={{ marginBottom: token.marginMD }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Resources
          </Typography.Title>
          <Typography.Text type="secondary">
            Guides, videos and sheets from the DRAT team for your plans.
          </Typography.Text>
        </div>
        {session?.is_super && (
          <Link to="/manage-resources">
            <Button type="primary" icon={<SettingOutlined />}>
              Manage Resources
            </Button>
          </Link>
        )}
      </Flex>
      <Card
        variant="outlined"
        styles={{ body: { paddingTop: token.paddingXS, paddingInline: narrow ? token.padding : undefined } }}
      >
        <ResourceTabs
          data={resources.data}
          fetchedAt={resources.dataUpdatedAt}
          isPending={resources.isPending}
          error={resources.error}
          onRetry={() => void resources.refetch()}
        />
      </Card>
    </div>
  );
}
