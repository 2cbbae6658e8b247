// The database's tables, as Kysely sees them. Each capability adds its own table interfaces here.
// Times are stored as integer milliseconds since the epoch (portable across SQLite and PostgreSQL).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
