import { Flex } from 'antd';
import { NoteCard } from './NoteCard';
import { NotificationsCard } from './NotificationsCard';

/** 3-bots-admin-public §2.7 (titled by the shell): the note editor over every type's notification switch. */
export function AlertTypesPage() {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, width: '100%', margin: '0 auto' }}>
      <NoteCard />
      <NotificationsCard />
    </Flex>
  );
}
