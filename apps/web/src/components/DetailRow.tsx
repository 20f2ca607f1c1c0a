import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** A label on the left, its value on the right (alert, trigger and tracker cards). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" gap={12}>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {label}
      </Typography.Text>
      <Typography.Text strong style={{ fontSize: 13, textAlign: 'right' }}>
        {children}
      </Typography.Text>
    </Flex>
  );
}
