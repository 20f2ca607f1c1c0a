import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Modal, Segmented } from 'antd';
import { MSG, TRADING_MSG, type SessionData } from '@drat/contracts';
import { deauthorize as deauthorizeBroker } from '../../api/trading';
import { updateSession } from '../session';
import { ConfirmPasswordModal } from './ConfirmPasswordModal';

/** The top bar's demo/live switch (2-trading §4 "Trade mode"). */
export function DemoLiveSwitch({ session }: { session: SessionData }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [askLive, setAskLive] = useState(false);
  const mode = session.is_live_trader ? 'Live' : 'Demo';

  const change = (next: string) => {
    if (next === mode) return;
    if (session.is_live_trader) setConfirming(true);
    else if (session.can_use_live_trader) setAskLive(true);
    else void message.error(MSG.liveTraderDenied);
  };

  const deauthorize = async () => {
    setConfirming(false);
    try {
      const reply = await deauthorizeBroker();
      updateSession({ is_live_trader: false, is_demo_trader: true });
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
      <ConfirmPasswordModal
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
