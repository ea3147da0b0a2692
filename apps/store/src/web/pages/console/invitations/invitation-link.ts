/** The address an invitee opens to accept: `{origin}/join/invitation?token=…`. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/join/invitation?token=${encodeURIComponent(token)}`;
}
