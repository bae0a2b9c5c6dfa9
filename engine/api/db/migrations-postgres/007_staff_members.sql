-- Staff tokens belong to members with roles, as SQLite's migration 008 (store/staff-tokens.ts):
-- the member's email and their role per site; NULL roles: a publisher of the token's sites.
ALTER TABLE staff_tokens ADD COLUMN email text;
ALTER TABLE staff_tokens ADD COLUMN roles text; -- a JSON object {slug or '*': 'editor' | 'publisher'}
