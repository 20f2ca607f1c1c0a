import { useEffect, useRef } from 'react';
import { Tour, type TourProps } from 'antd';
import useApp from 'antd/es/app/useApp';
import { FIRST_LOGIN_TOAST_SECONDS, MSG, type SessionData } from '@drat/contracts';
import { markNotFirstLogin } from '../../api/profile';
import { updateSession } from '../session';
import { NAV_ITEMS, type TourStop } from './navItems';

const ORDER: TourStop[] = [
  'dashboard',
  'smartTrades',
  'tools',
  'alerts',
  'trackers',
  'triggers',
  'news',
  'settings',
  'resources',
];

interface Props {
  session: SessionData;
  /** The navigation link of a stop, read when the tour shows it. */
  target: (stop: TourStop) => HTMLElement | null;
  enabled: boolean;
}

/** First login: a toast about the default password and a guided tour; closing it marks first login done (2-trading §2.11). */
export function FirstLoginTour({ session, target, enabled }: Props) {
  const { notification } = useApp();
  const toasted = useRef(false);
  const open = enabled && session.first_login;

  useEffect(() => {
    if (!session.first_login || toasted.current) return;
    toasted.current = true;
    notification.info({
      title: 'Welcome to DRAT',
      description: MSG.firstLoginHint,
      duration: FIRST_LOGIN_TOAST_SECONDS,
      placement: 'topRight',
    });
  }, [notification, session.first_login]);

  // One stop per navigation link this user can see.
  const steps: TourProps['steps'] = ORDER.flatMap((stop) => {
    const item = NAV_ITEMS.find((i) => i.tour?.stop === stop);
    if (!item?.tour || !item.visible(session)) return [];
    return [{ title: item.label, description: item.tour.description, target: () => target(stop) ?? document.body }];
  });

  const finish = () => {
    updateSession({ first_login: false });
    void markNotFirstLogin().catch(() => undefined);
  };

  if (!open || steps.length === 0) return null;
  return <Tour open onClose={finish} onFinish={finish} steps={steps} />;
}
