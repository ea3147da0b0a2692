import AvatarGroup from '@mui/material/AvatarGroup';
import type { Supporter } from '@bazaar/schemas';
import { SupporterAvatar } from './supporter-avatar.tsx';

/** The dialog's toolbar shows this many supporters, the summary beside the button this many. */
export const TOOLBAR_AVATARS = 5;
export const SUMMARY_AVATARS = 10;
/** Avatar sizes: the dialog's toolbar, the summary and the supporter list. */
export const AVATAR_SIZE = { toolbar: 18, summary: 24, list: 24 } as const;

/** The newest supporters' faces, and how many more there are. */
export function SupporterAvatars(props: {
  supporters: readonly Supporter[];
  count: number;
  max: number;
  size: number;
}) {
  const { supporters, count, max, size } = props;
  const shown = supporters.slice(0, max);
  return (
    <AvatarGroup
      max={max + 1}
      total={Math.max(count, shown.length)}
      sx={{ '& .MuiAvatar-root': { width: size, height: size, fontSize: size * 0.45, borderWidth: 1 } }}
    >
      {shown.map((supporter) => (
        <SupporterAvatar key={supporter.id} supporter={supporter} size={size} />
      ))}
    </AvatarGroup>
  );
}
