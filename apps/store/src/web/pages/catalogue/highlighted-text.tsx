import type { HighlightSegment } from '@bazaar/schemas';
import { Box } from '@mui/material';
import { Fragment } from 'react';

/**
 * Text with the search's matches marked (`<mark>`), from the segments the server cut it into:
 * the text is never read as HTML. Without segments (no search) the text is shown as it is.
 */
export function HighlightedText({
  text,
  segments,
}: {
  text: string;
  segments: HighlightSegment[] | undefined;
}) {
  if (!segments) return text;
  return segments.map((segment, index) =>
    segment.match ? (
      <Box
        component="mark"
        key={index}
        sx={{ bgcolor: 'warning.light', color: 'inherit', borderRadius: 0.5, px: 0.25 }}
      >
        {segment.text}
      </Box>
    ) : (
      <Fragment key={index}>{segment.text}</Fragment>
    ),
  );
}
