import { useState } from 'react';
import useApp from 'antd/es/app/useApp';
import type { BotDto } from '@drat/contracts';
import { BotDetailsModal, BotLogsModal, BotPerformanceModal } from './BotModals';
import type { BotActionHandlers } from './BotTable';
import { useBotChange } from './mutations';

/**
 * A bot's details, performance and logs modals, and Deactivate asked first (3-bots-admin-public
 * §2.1 "deactivate confirmation", §2.2 "Deactivate (confirmation dialog)"): the row actions that
 * open them, and the dialogs to render. `admin`: the super users' calls and words.
 */
export function useBotDialogs(admin: boolean) {
  const { modal } = useApp();
  const [detailsOf, setDetailsOf] = useState<BotDto | null>(null);
  const [performanceOf, setPerformanceOf] = useState<BotDto | null>(null);
  const [logsOf, setLogsOf] = useState<BotDto | null>(null);
  const deactivate = useBotChange('deactivate', admin);

  const confirmDeactivate = (bot: BotDto) =>
    modal.confirm({
      title: `Deactivate ${bot.bot_name}?`,
      content: admin
        ? `The bot of ${bot.email} stops taking alerts. The trades it already placed carry on.`
        : 'It stops taking alerts. The trades it already placed carry on. A bot cannot be turned back on: copy it to start again.',
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      cancelText: 'Keep it active',
      onOk: () => deactivate.mutateAsync(bot).catch(() => undefined),
    });

  const handlers: BotActionHandlers = {
    details: setDetailsOf,
    performance: setPerformanceOf,
    logs: setLogsOf,
    deactivate: confirmDeactivate,
  };
  const dialogs = (
    <>
      <BotDetailsModal bot={detailsOf} admin={admin} onClose={() => setDetailsOf(null)} />
      <BotPerformanceModal bot={performanceOf} onClose={() => setPerformanceOf(null)} />
      <BotLogsModal bot={logsOf} admin={admin} onClose={() => setLogsOf(null)} />
    </>
  );
  return { handlers, dialogs, busy: deactivate.isPending };
}
