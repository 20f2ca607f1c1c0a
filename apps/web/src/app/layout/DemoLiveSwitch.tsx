import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Segmented } from 'antd';
import useApp from 'antd/es/app/useApp';
import { MSG, TRADING_MSG, type SessionData } from '@drat/contracts';
import { deauthorize as deauthorizeBroker } from '../../api/trading';
import { brokerKeys } from '../../lib/queryKeys';
import { can } from '../access';
import { updateSession } from '../session';
import { lazyDialog } from '../../lib/lazyPage';
import { ConfirmPasswordDialog } from './confirmPasswordDialog';

/** Asked before live trading; fetched the first time, so the shell does not download antd's Modal. */
const GoLiveModal = lazyDialog(
  async () => (await import('./GoLiveModal')).GoLiveModal,
  (p) => p.open,
);

/** The top bar's demo/live switch (2-trading §4 "Trade mode"). */
export function DemoLiveSwitch({ session }: { session: SessionData }) {
  const { message } = useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [askLive, setAskLive] = useState(false);
  const mode = session.is_live_trader ? 'Live' : 'Demo';

  const change = (next: string) => {
    if (next === mode) return;
    if (session.is_live_trader) setConfirming(true);
    else if (session.can_use_live_trader) setAskLive(true);
    // Without the smart trader at all, its own words (2-trading §4 "Neither").
    else void message.error(can.smartTrades(session) ? MSG.liveTraderDenied : MSG.smartTraderDenied);
  };

  const deauthorize = async () => {
    setConfirming(false);
    try {
      const reply = await deauthorizeBroker();
      updateSession({ is_live_trader: false, is_demo_trader: true });
      void queryClient.invalidateQueries({ queryKey: brokerKeys.all });
      void message.success(reply.message);
    } catch {
      void message.error(TRADING_MSG.deauthorizeFailed);
    }
  };

  return (
    <>
      <Segmented
        size="small"
        options={['Demo', 'Live']}
        value={mode}
        onChange={(v) => change(String(v))}
        aria-label="Trading mode"
      />
      <ConfirmPasswordDialog
        open={confirming}
        reason="DEAUTHORIZATION"
        title="Switch to demo mode"
        explanation="Confirm your password to disconnect your brokerage account and trade on your demo account."
        onCancel={() => setConfirming(false)}
        onConfirmed={() => void deauthorize()}
      />
      <GoLiveModal
        open={askLive}
        onCancel={() => setAskLive(false)}
        onProceed={() => {
          setAskLive(false);
          navigate('/trade/settings');
        }}
      />
    </>
  );
}
