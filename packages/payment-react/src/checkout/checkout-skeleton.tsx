import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { CheckoutLayout } from './checkout-layout.tsx';

/**
 * Mirrors the form's grid (one column in minimal modes) and the payment card's place and width,
 * so nothing jumps when the data arrives.
 */
export function CheckoutSkeleton({ isSummaryHidden }: { isSummaryHidden: boolean }) {
  return (
    <CheckoutLayout
      aria-busy
      summary={
        isSummaryHidden ? null : (
          <Stack spacing={2}>
            <Skeleton width="40%" height={28} />
            <Skeleton width="60%" height={48} />
            <Skeleton variant="rounded" height={72} />
            <Skeleton width="100%" height={32} />
          </Stack>
        )
      }
      payment={
        <Stack spacing={2}>
          <Skeleton width="50%" height={28} />
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      }
    />
  );
}
