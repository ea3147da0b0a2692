import { PaymentProvider } from '@bazaar/payment-react';
import { useLocale } from '@bazaar/platform-shell';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router';

/**
 * The Payment Kit's provider around a test's routes, as the Store's web app holds its pages
 * (`<Route element={<PaymentKitOutlet />}>…</Route>`): the pages' embedded widgets (the donation
 * widget) ask the test's stubbed `fetch`, in test mode and without the realtime relay, and share
 * the page's query cache.
 */
export function PaymentKitOutlet() {
  const { locale } = useLocale();
  return (
    <PaymentProvider
      apiBaseUrl="http://localhost/payment-kit"
      locale={locale}
      livemode={false}
      storage={null}
      queryClient={useQueryClient()}
    >
      <Outlet />
    </PaymentProvider>
  );
}
