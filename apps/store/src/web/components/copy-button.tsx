import { Button } from '@mui/material';
import { useEffect, useState } from 'react';

/** How long the button says the text was copied before offering to copy again. */
const COPIED_NOTE_MS = 2_000;

interface CopyButtonProps {
  text: string;
  label: string;
  copiedLabel: string;
  variant?: 'text' | 'outlined' | 'contained';
}

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label, copiedLabel, variant = 'text' }: CopyButtonProps) {
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
    } catch {
      // The clipboard is refused outside a secure context or without permission; the text stays
      // on the page to select by hand, so there is nothing more to say.
    }
  }

  return (
    <Button size="small" variant={variant} onClick={copy} aria-live="polite" sx={{ flexShrink: 0 }}>
      {isCopied ? copiedLabel : label}
    </Button>
  );
}
