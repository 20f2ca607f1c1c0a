import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { App, Modal, Segmented } from 'antd';
import { MSG, TRADING_MSG, type SessionData } from '@drat/contracts';
import { deauthorize as deauthorizeBroker } from '../../api/trading';
import { brokerKeys } from '../../lib/queryKeys';
import { can } from '../access';
import { updateSession } from '../session';
import { ConfirmPasswordDialog } from './confirmPasswordDialog';

/** The top bar's demo/live switch (2-trading §4 "Trade mode"). */
export function DemoLiveSwitch({ session }: { session: SessionData }) {
  const { message } = App.useApp();
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
      <Modal
        open={askLive}
        title="Switch to live trading"
        okText="Proceed"
        onCancel={() => setAskLive(false)}
        onOk={() => {
          setAskLive(false);
          navigate('/trade/settings');
        }}
      >
        Live trading places real orders through your brokerage account. Proceed to Broker Settings to grant DRAT access
        to your account.
      </Modal>
    </>
  );
}
