import Box from '@mui/material/Box';
import type { EventObject } from '@bazaar/schemas';

/** The event exactly as webhooks carry it, indented, scrolling sideways rather than wrapping on a phone. */
export function EventPayload({ event }: { event: EventObject }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontSize: 13,
        lineHeight: 1.5,
        overflowX: 'auto',
      }}
    >
      {JSON.stringify(event, null, 2)}
    </Box>
  );
}
