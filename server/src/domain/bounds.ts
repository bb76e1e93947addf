import { Type, type TSchema } from '@sinclair/typebox';

/**
 * Bounds every input schema uses for what reaches SQL: a value the column cannot hold is refused by the schema with
 * 400/1101 naming the field, instead of making the database raise an error (which would be a 500, or the errors
 * plugin's neutral 400 at best).
 */

/** The largest PostgreSQL int4 (verNum, stage, flow versions, counters are int columns). */
export const INT4_MAX = 2_147_483_647;

/** An int4 value, 0 or more unless told otherwise. */
export const Int4 = (opts: { minimum?: number; maximum?: number } = {}) => Type.Integer({ minimum: opts.minimum ?? 0, maximum: Math.min(opts.maximum ?? INT4_MAX, INT4_MAX) });

/** A verNum (application or configuration version): a positive int4. */
export const VerNum = () => Int4({ minimum: 0 });

/** Short text: codes, ids, names. */
export const Text = (maxLength = 200, minLength = 0) => Type.String({ minLength, maxLength });

/** An identifier-like code (product, team, list type, field key). */
export const Code = (maxLength = 80) => Type.String({ minLength: 1, maxLength });

/** One of a fixed set of strings (the errors plugin reports a failed one as "must be one of …"). */
export const OneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** A value or a list of that value (the clients send both for list narrowing). */
export const OneOrMany = <T extends TSchema>(item: T, maxItems = 100) => Type.Union([item, Type.Array(item, { maxItems })]);

/**
 * An amount as a number or as decimal text, with at most 18 digits before the point and 6 after: wider than any
 * money column (numeric(14,2)), narrow enough that no cast to numeric can overflow.
 */
export const AMOUNT_TEXT = /^-?\d{1,18}(\.\d{1,6})?$/;
export const MAX_AMOUNT = 1e18;
