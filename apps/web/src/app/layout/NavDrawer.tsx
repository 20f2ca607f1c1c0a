import type { ReactNode } from 'react';
import { Drawer } from 'antd';
import { NAV_SIZES } from '@drat/contracts';

/** The navigation on a phone (2-trading §2.11): a drawer from the left that the top bar's hamburger opens. */
export function NavDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={NAV_SIZES.LARGE}
      styles={{ body: { padding: 0 } }}
      title={null}
      closable={false}
    >
      {children}
    </Drawer>
  );
}
