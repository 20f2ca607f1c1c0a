import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

/** The bots pages' heading card: the title, a line under it, and the page's controls beside them. */
export function BotsHeader({ title, text, children }: { title: string; text: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <Flex wrap gap={12} justify="space-between" align="center">
        <Flex vertical gap={2}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{text}</Typography.Text>
        </Flex>
        {children}
      </Flex>
    </Card>
  );
}
