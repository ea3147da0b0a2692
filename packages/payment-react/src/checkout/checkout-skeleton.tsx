import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CheckoutLayout } from './checkout-layout.tsx';

/**
 * Mirrors the form's grid (one column in minimal modes), and the summary line by line in the
 * same type sizes, so on a phone the payment card does not move when the data arrives.
 */
export function CheckoutSkeleton({ isSummaryHidden }: { isSummaryHidden: boolean }) {
  return (
    <CheckoutLayout
      aria-busy
      summary={isSummaryHidden ? null : <SummarySkeleton />}
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

/** The order summary's shape: payee, total, one line, the total row. */
function SummarySkeleton() {
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography>
          <Skeleton width="45%" />
        </Typography>
        <Typography variant="h4">
          <Skeleton width="35%" />
        </Typography>
      </Stack>
      <Stack direction="row" spacing={2}>
        <Skeleton variant="rounded" width={48} height={48} />
        <Box sx={{ flex: 1 }}>
          <Typography>
            <Skeleton width="60%" />
          </Typography>
          <Typography variant="body2">
            <Skeleton width="25%" />
          </Typography>
        </Box>
      </Stack>
      <Divider />
      <Typography>
        <Skeleton />
      </Typography>
    </Stack>
  );
}
