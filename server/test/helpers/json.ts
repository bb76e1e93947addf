/**
 * A reply body as the tests read it: loose JSON, picked apart field by field and compared with the database.
 * Typing every reply shape here would repeat the route schemas, which the OpenAPI test already checks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one loose type of the server tests, for the reason above
export type Json = Record<string, any>;
