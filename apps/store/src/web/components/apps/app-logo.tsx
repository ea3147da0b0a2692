import { Avatar } from '@mui/material';

interface AppLogoProps {
  app: { title: string; name: string; logoUrl: string | null };
  /** Its side in pixels. */
  size: number;
}

/** An app's logo from its bundle; without one (or while it fails to load), its title's first letter. */
export function AppLogo({ app, size }: AppLogoProps) {
  return (
    <Avatar
      variant="rounded"
      src={app.logoUrl ?? undefined}
      alt=""
      sx={{ width: size, height: size, fontSize: size / 2, bgcolor: app.logoUrl ? 'transparent' : undefined }}
    >
      {Array.from(app.title.trim() || app.name)[0]?.toUpperCase()}
    </Avatar>
  );
}
