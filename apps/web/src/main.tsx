import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from './app/theme';
import { AppRouter } from './app/router';
import './app/global.css';

// React Query comes with the screens that use it (app/queryClient.tsx), not with the sign-in page.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <AppRouter />
    </ThemeProvider>
  </StrictMode>,
);
