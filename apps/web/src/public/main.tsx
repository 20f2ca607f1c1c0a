/**
 * The public sales pages (3-bots-admin-public §2.11-§2.14), their own small entry of the web build:
 * no sign-in code, no antd. The server sends offers.html for PUBLIC_SALES_PATHS and _PREFIXES.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { LOCAL_CHECKOUT_PATH } from '@drat/contracts';
import { LocalCheckoutPage } from './LocalCheckoutPage';
import {
  ChallengePage,
  FreeTrialPage,
  LifetimePage,
  MarketingPage,
  NotFound,
  Offer25Page,
  PricingPage,
  SmartTraderTrialPage,
  SpecialOfferPage,
} from './pages';

const EXACT: Record<string, { title: string; page: () => React.JSX.Element }> = {
  '/pay': { title: 'DRAT plans and pricing', page: PricingPage },
  '/pay-lifetime': { title: 'DRAT lifetime access', page: LifetimePage },
  '/pay-special-offer': { title: 'DRAT special offer', page: SpecialOfferPage },
  '/seven-days-free-trial-offer-no-card-required': { title: 'DRAT: 7 days free, no card', page: FreeTrialPage },
  '/14-days-free-smart-trade-trial': { title: 'The DRAT Smart Trader, 14 days free', page: SmartTraderTrialPage },
  '/pay-trade-challenges': {
    title: 'DRAT Trading Challenge',
    page: () => <ChallengePage challenge={1} second={false} />,
  },
  '/marketing': { title: 'How the DRAT challenge works', page: MarketingPage },
};

function route(pathname: string): { title: string; element: React.JSX.Element } {
  const path = pathname.replace(/\/+$/, '') || '/';
  const exact = EXACT[path];
  if (exact) return { title: exact.title, element: <exact.page /> };
  if (path.startsWith(`${LOCAL_CHECKOUT_PATH}/`))
    return {
      title: 'DRAT checkout',
      element: <LocalCheckoutPage id={decodeURIComponent(path.slice(LOCAL_CHECKOUT_PATH.length + 1))} />,
    };
  if (path.startsWith('/offer/')) return { title: 'DRAT: 25% off, 14 days free', element: <Offer25Page /> };
  if (path.startsWith('/trade-challenge/')) {
    const n = Number(new URLSearchParams(window.location.search).get('challenge'));
    const challenge = Number.isInteger(n) && n >= 1 && n <= 99 ? n : 2;
    return { title: 'DRAT Trading Challenge', element: <ChallengePage challenge={challenge} second /> };
  }
  return { title: 'Page not found · DRAT', element: <NotFound /> };
}

function App() {
  const { title, element } = route(window.location.pathname);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return element;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
