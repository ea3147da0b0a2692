import { useLocale } from '@bazaar/platform-shell';
import {
  Box,
  Button,
  ButtonBase,
  Dialog,
  DialogActions,
  DialogContent,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { DetailSection } from '../../components/apps/detail-section.tsx';

/** The strip's height: a phone still sees most of the first picture, and that more follow. */
const THUMBNAIL_HEIGHT_PX = 200;

interface ScreenshotProps {
  urls: string[];
  title: string;
}

/** One screenshot enlarged to the screen, until closed. */
function EnlargedScreenshot({ url, alt, onClose }: { url: string; alt: string; onClose(): void }) {
  const { t } = useLocale();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullScreen={isPhone}
      slotProps={{ paper: { 'aria-label': alt } }}
    >
      <DialogContent sx={{ p: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Box
          component="img"
          src={url}
          alt={alt}
          sx={{ maxWidth: '100%', maxHeight: '80vh', objectFit: 'contain' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('store.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The app's screenshots in a strip that scrolls sideways; a click enlarges one. */
export function AppScreenshots({ urls, title }: ScreenshotProps) {
  const { t } = useLocale();
  const [enlarged, setEnlarged] = useState<number | null>(null);
  if (urls.length === 0) return null;
  const altOf = (index: number) =>
    t('store.visitor.screenshot.alt', { title, number: index + 1, count: urls.length });
  return (
    <DetailSection title={t('store.visitor.section.screenshots')}>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1 }}
      >
        {urls.map((url, index) => (
          <Box component="li" key={url} sx={{ flexShrink: 0 }}>
            <ButtonBase
              onClick={() => setEnlarged(index)}
              aria-label={t('store.visitor.screenshot.enlarge', { number: index + 1 })}
              sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
            >
              <Box
                component="img"
                src={url}
                alt={altOf(index)}
                loading="lazy"
                sx={{ display: 'block', height: THUMBNAIL_HEIGHT_PX, width: 'auto', maxWidth: '80vw' }}
              />
            </ButtonBase>
          </Box>
        ))}
      </Box>
      {enlarged === null ? null : (
        <EnlargedScreenshot url={urls[enlarged]!} alt={altOf(enlarged)} onClose={() => setEnlarged(null)} />
      )}
    </DetailSection>
  );
}
