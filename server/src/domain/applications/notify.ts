import type { Queryable } from '../../db/db';
import { COLUMNS, type NotificationRow } from '../notifications/notifications';
import { NAME_PARAMS, NOTIFICATION_LANGUAGES, renderText, type NotificationText } from '../notifications/texts';
import { configuredNamesCached } from '../config/display-names';

/** A notification record for a user or a team; the caller publishes the returned rows after its commit. */
export interface Notice {
  user?: string | null;
  team?: string | null;
  type: 'ASSIGNED' | 'FOLLOWED' | 'TEAM';
  /** §6 notification status. */
  event: 'AssignedToApprovalUser' | 'AssignedToApprovalTeam' | 'AssignedQueriesToUser' | 'AssignedQueriesToTeam' | 'AssignedToUser' | 'AssignedToTeam' | 'TeamApplication';
  /** The text as key + parameters, rendered in each reader's language (domain/notifications/texts.ts). */
  text?: NotificationText;
  /** A text without a key (shown as is in every language); the English rendering of `text` when it has one. */
  message?: string;
}

/**
 * Writes the notices as ONE multi-row INSERT (a change that tells many followers costs one round trip, not one per
 * recipient), returned in write order (by id) for publishing after the commit.
 */
export async function notify(q: Queryable, applicationId: string, sender: string, notices: Notice[], at: Date): Promise<NotificationRow[]> {
  await nameInEveryLanguage(q, notices);
  const values: unknown[] = [];
  const tuples: string[] = [];
  for (const n of notices) {
    if (!n.user && !n.team) continue;
    const row = [n.user ?? null, n.user ? null : n.team, sender, n.type, JSON.stringify([n.message ?? (n.text ? renderText(n.text) : '')]), applicationId, n.event, at, n.text ? JSON.stringify(n.text) : null];
    tuples.push(`(${row.map((v) => `$${values.push(v)}`).join(',')})`);
  }
  if (!tuples.length) return [];
  const { rows } = await q.query<NotificationRow>(
    `INSERT INTO notifications (username, team_id, sender, type, messages, application_id, event, created_at, text) VALUES ${tuples.join(',')}
     RETURNING ${COLUMNS}`,
    values,
  );
  return rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

/**
 * A text's parameters that are configured names (the step, the approval level, the decline reason) get their names
 * in every other language the notifications speak, so a Hindi reader reads "क्रेडिट समीक्षा", not "Credit Review".
 */
async function nameInEveryLanguage(q: Queryable, notices: Notice[]): Promise<void> {
  const named = notices.filter((n) => n.text && Object.keys(NAME_PARAMS).some((p) => typeof n.text!.params[p] === 'string'));
  if (!named.length) return;
  for (const lang of NOTIFICATION_LANGUAGES.filter((l) => l !== 'en')) {
    const names = await configuredNamesCached(q, lang);
    for (const n of named) {
      const inLang: Record<string, string> = {};
      for (const [param, kind] of Object.entries(NAME_PARAMS)) {
        const v = n.text!.params[param];
        if (typeof v === 'string' && names[kind][v]) inLang[param] = names[kind][v];
      }
      if (Object.keys(inLang).length) n.text = { ...n.text!, names: { ...n.text!.names, [lang]: inLang } };
    }
  }
}
