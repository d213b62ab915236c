/**
 * The back-office list indexes both schemas build in the same words (SQLite's version 18, PostgreSQL's 16; issue 30
 * item 1): the operator's problems by kind and by open or resolved, and a studio's webhook deliveries by event and the
 * delivered ones, each ending with the id the lists page by. Part of shipped migrations: never edit.
 */
export const LIST_INDEXES_SQL = `
CREATE INDEX IF NOT EXISTS webhook_deliveries_event ON webhook_deliveries (provider_id, event, id);
CREATE INDEX IF NOT EXISTS webhook_deliveries_delivered ON webhook_deliveries (provider_id, id) WHERE outcome = 'DELIVERED';
CREATE INDEX IF NOT EXISTS problems_operator_kind ON problems (operator_id, kind, id);
CREATE INDEX IF NOT EXISTS problems_operator_open ON problems (operator_id, id) WHERE resolved_at IS NULL;
CREATE INDEX IF NOT EXISTS problems_operator_kind_open ON problems (operator_id, kind, id) WHERE resolved_at IS NULL;
CREATE INDEX IF NOT EXISTS problems_operator_resolved ON problems (operator_id, id) WHERE resolved_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS problems_operator_kind_resolved ON problems (operator_id, kind, id) WHERE resolved_at IS NOT NULL;
`;
