import { Box, Link } from '@mui/material';
import type { ComponentProps } from 'react';
import Markdown, { defaultUrlTransform, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { LoadFailed, Loading } from '../../components/query-state.tsx';
import { useAppDocument } from './use-app-page.ts';

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A document's links and images as the browser should follow them: those relative to the document
 * point beside it in the same bundle, and a `javascript:` (or any unsafe) address is dropped.
 */
function urlsBeside(documentUrl: string): UrlTransform {
  return (url) => {
    const safe = defaultUrlTransform(url);
    if (!safe || HAS_SCHEME.test(safe) || safe.startsWith('/') || safe.startsWith('#')) return safe;
    const resolved = new URL(safe, new URL(documentUrl, window.location.origin));
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  };
}

/** Links out of the page open apart from it, and tell the site they lead to nothing about the Store. */
function DocumentLink({ href, children }: ComponentProps<'a'>) {
  const isOutside = href !== undefined && HAS_SCHEME.test(href);
  return (
    <Link href={href} {...(isOutside ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
      {children}
    </Link>
  );
}

/**
 * Markdown a developer wrote (GitHub's flavour, tables included) as the page's own elements. Raw
 * HTML in it is dropped, never rendered: the text comes from an uploaded bundle. Its headings sit
 * under the section's.
 */
function MarkdownText({ text, documentUrl }: { text: string; documentUrl: string }) {
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        '& p, & ul, & ol, & pre, & table, & blockquote': { my: 1 },
        '& h3, & h4, & h5, & h6': { mt: 2, mb: 1 },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& pre': { overflowX: 'auto', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' },
        '& code': { fontFamily: 'monospace', fontSize: '0.9em' },
        '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& blockquote': { m: 0, pl: 2, borderLeft: 4, borderColor: 'divider', color: 'text.secondary' },
      }}
    >
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={urlsBeside(documentUrl)}
        components={{ h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', a: DocumentLink }}
      >
        {text}
      </Markdown>
    </Box>
  );
}

/** A markdown file of the app's bundle (its readme, its changelog), read and shown. */
export function MarkdownDocument({ url }: { url: string }) {
  const markdown = useAppDocument(url);
  if (markdown.data !== undefined) return <MarkdownText text={markdown.data} documentUrl={url} />;
  return markdown.error ? (
    <LoadFailed error={markdown.error} onRetry={() => void markdown.refetch()} />
  ) : (
    <Loading />
  );
}
