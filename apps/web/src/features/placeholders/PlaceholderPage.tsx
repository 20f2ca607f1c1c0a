import { Card, Typography } from 'antd';

/** A page whose area is built by a later issue: it says what it will hold. */
export function PlaceholderPage({ title, holds }: { title: string; holds: string }) {
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {holds}
      </Typography.Paragraph>
    </Card>
  );
}
