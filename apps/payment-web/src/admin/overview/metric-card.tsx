import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** One total of the overview: what it is, its exact figure, and a line of context under it. */
export function MetricCard({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
        {value}
      </Typography>
      {detail ? (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
    </Paper>
  );
}
