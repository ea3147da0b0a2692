import {
  INVITATION_TTL_SECONDS,
  invitationSchema,
  newStoreId,
  randomToken,
  type CreateInvitationBody,
  type Invitation,
  type SessionUser,
  type StoreDeveloper,
  type listInvitationsQuerySchema,
} from '@bazaar/schemas';
import { AppError, notFound, sha256Hex } from '@bazaar/server-kit';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction.ts';
import type { StoreDeps } from '../../deps.ts';
import {
  findInvitationRow,
  findInvitationRowByTokenHash,
  insertInvitationRow,
  listInvitationRows,
  markInvitationAccepted,
  markInvitationCancelled,
  type InvitationRow,
} from './invitation-repository.ts';
import { ALREADY_DEVELOPER_MESSAGE, findDeveloper, registerDeveloper } from './service.ts';

/** 32 base62 characters (~190 bits): guessing one is hopeless, so the digest alone finds it. */
const INVITATION_TOKEN_LENGTH = 32;

function toInvitation(row: InvitationRow, now: number): Invitation {
  const isExpired = row.status === 'pending' && row.expires_at <= now;
  return invitationSchema.parse({
    id: row.id,
    email: row.email,
    did: row.did,
    note: row.note,
    status: isExpired ? 'expired' : row.status,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
    acceptedBy: row.accepted_by,
    cancelledAt: row.cancelled_at,
  });
}

/** Emails compare without case; the platform keeps them as people typed them. */
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * An admin invites a person, by the email they sign in with or by their DID. The token is in the
 * answer only (the admin hands it over); the invitation keeps its sha256 and lapses in 7 days.
 * Inviting the DID of someone who already has a developer record is refused ALREADY_DEVELOPER.
 */
export async function createInvitation(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: CreateInvitationBody & { invitedBy: string },
): Promise<{ invitation: Invitation; token: string }> {
  if (input.did && (await findDeveloper(deps.db, input.did))) {
    throw new AppError('ALREADY_DEVELOPER', `${input.did} already has a developer record`);
  }
  const now = deps.clock.now();
  const token = randomToken(INVITATION_TOKEN_LENGTH);
  const row: InvitationRow = {
    id: newStoreId('invitation'),
    token_hash: sha256Hex(token),
    email: input.email ? normaliseEmail(input.email) : null,
    did: input.did ?? null,
    note: input.note ?? '',
    status: 'pending',
    invited_by: input.invitedBy,
    created_at: now,
    expires_at: now + INVITATION_TTL_SECONDS,
    accepted_at: null,
    accepted_by: null,
    cancelled_at: null,
  };
  await insertInvitationRow(deps.db, row);
  return { invitation: toInvitation(row, now), token };
}

export async function listInvitations(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  query: z.output<typeof listInvitationsQuerySchema>,
): Promise<{ list: Invitation[]; count: number }> {
  const now = deps.clock.now();
  const { rows, count } = await listInvitationRows(deps.db, { status: query.status, now }, query);
  return { list: rows.map((row) => toInvitation(row, now)), count };
}

/**
 * Cancels an invitation that was not accepted (an expired one too, so the list says what the
 * admin did). Cancelling twice answers the cancelled invitation; an accepted one is refused
 * INVITATION_USED.
 */
export async function cancelInvitation(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  id: string,
): Promise<Invitation> {
  const now = deps.clock.now();
  const row = await findInvitationRow(deps.db, id);
  if (!row) throw notFound('invitation', id);
  if (row.status === 'accepted') throw new AppError('INVITATION_USED', 'The invitation was already accepted');
  if (row.status === 'pending' && !(await markInvitationCancelled(deps.db, { id, now }))) {
    // Accepted or cancelled between the read and the write: answer for what it became.
    return cancelInvitation(deps, id);
  }
  return toInvitation((await findInvitationRow(deps.db, id))!, now);
}

function isInvitee(row: InvitationRow, user: SessionUser): boolean {
  if (row.did !== null) return row.did === user.did;
  return row.email !== null && user.email !== null && normaliseEmail(user.email) === row.email;
}

/**
 * The invitee presents the token while signed in and becomes a developer. The invitation must
 * name them (their DID, or the email they signed in with), be pending and within its 7 days; it
 * is used once, even by two requests at the same moment. A user who already is a developer is
 * refused ALREADY_DEVELOPER and the invitation stays unused.
 */
export async function acceptInvitation(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { token: string; user: SessionUser },
): Promise<StoreDeveloper> {
  const now = deps.clock.now();
  const { user } = input;
  return inTransaction(deps.db, async (trx) => {
    const row = await findInvitationRowByTokenHash(trx, sha256Hex(input.token), { lock: true });
    if (!row) throw new AppError('INVITATION_INVALID', 'No invitation has this token');
    if (!isInvitee(row, user)) {
      throw new AppError('INVITATION_MISMATCH', 'This invitation is for someone else');
    }
    if (row.status === 'cancelled') {
      throw new AppError('INVITATION_CANCELLED', 'The invitation was cancelled by the store admin');
    }
    if (row.status === 'accepted') throw new AppError('INVITATION_USED', 'The invitation was already used');
    if (row.expires_at <= now) throw new AppError('INVITATION_EXPIRED', 'The invitation has expired');
    if ((await findDeveloper(trx, user.did))?.status === 'enabled') {
      throw new AppError('ALREADY_DEVELOPER', ALREADY_DEVELOPER_MESSAGE);
    }
    if (!(await markInvitationAccepted(trx, { id: row.id, acceptedBy: user.did, now }))) {
      throw new AppError('INVITATION_USED', 'The invitation was already used');
    }
    return registerDeveloper(
      { db: trx, clock: deps.clock },
      { did: user.did, username: usernameOf(user), invitationId: row.id },
      { via: 'invitation' },
    );
  });
}

/** The name a developer is listed under: their platform name, else their DID. */
export function usernameOf(user: Pick<SessionUser, 'did' | 'fullName'>): string {
  return user.fullName.trim() || user.did;
}
