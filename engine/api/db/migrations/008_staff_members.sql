-- Staff tokens belong to members with roles (store/staff-tokens.ts; docs/security.md, "Who may
-- edit and publish"): the member's email (the author email of their editor commits) and their
-- role per site. NULL roles: a token made before roles, a publisher of its sites.
ALTER TABLE staff_tokens ADD COLUMN email TEXT;
ALTER TABLE staff_tokens ADD COLUMN roles TEXT; -- a JSON object {slug or '*': 'editor' | 'publisher'}
