import { Link, Typography } from '@mui/material';
import { splitLinks } from './linkify.ts';

/**
 * A comment's text as it was typed: line breaks kept, http(s) addresses as links that open apart
 * and pass no ranking (`nofollow ugc`), everything else as text (never markup).
 */
export function CommentBody({ text }: { text: string }) {
  return (
    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <Link key={index} href={part.href} target="_blank" rel="nofollow ugc noopener">
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </Typography>
  );
}
