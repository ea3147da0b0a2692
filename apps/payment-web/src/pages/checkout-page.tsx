import { useCallback, useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { CheckoutForm } from '@bazaar/payment-react/checkout';
import { checkoutAddress, extraParamsFrom } from '../addresses.ts';
import { useAppContext } from '../shell/app-context.ts';

/** `/checkout/pay/:id`: the hosted checkout, in standalone mode. */
export function CheckoutPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const { platform, setLivemode } = useAppContext();
  const extraParams = useMemo(() => extraParamsFrom(search), [search]);
  const currencyId = new URLSearchParams(search).get('currencyId');

  // The address moves to the session outside the router: the page keeps its data, and a reload
  // resumes the same session instead of starting another.
  const onSessionStart = useCallback(
    (checkoutSessionId: string) => {
      const address = checkoutAddress(platform.mountPoint, checkoutSessionId, window.location.search);
      window.history.replaceState(window.history.state, '', address);
    },
    [platform.mountPoint],
  );
  // A donation's Cancel goes back where the payer came from; opened directly, to the site's home.
  const onCancel = useCallback(() => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign('/');
  }, []);

  return (
    <CheckoutForm
      id={id}
      mode="standalone"
      extraParams={extraParams}
      currencyId={currencyId}
      onSessionStart={onSessionStart}
      onLivemodeChange={setLivemode}
      onCancel={onCancel}
    />
  );
}
