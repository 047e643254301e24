-- kifu's store on PostgreSQL, first schema. Run once by `PgStore::open` (under an advisory
-- lock, so servers starting together never race); never edited once released: a change is a
-- new numbered file. `records` and `entries` are the record; the `log_` tables the
-- transparency log over them; everything else is derived or indexes.

-- One row a record: its header, its head (the seq and chain hash an append must name), and
-- what is derived from the log (whose turn, the latest game state).
CREATE TABLE records (
    id text PRIMARY KEY,
    header text NOT NULL,
    game text NOT NULL,
    -- blake3 of the header without its id (see `content_key`): records of the same game.
    content_key text NOT NULL,
    seq bigint NOT NULL CHECK (seq >= 0),
    head bytea NOT NULL CHECK (length(head) = 32),
    status text,
    snapshot_seq bigint,
    snapshot bytea
);
CREATE INDEX records_by_game ON records (game, id);
CREATE INDEX records_by_content ON records (content_key, id);

-- The log of entries, one canonical line a row with the chain hash after it. The key
-- (record_id, seq) is what makes a fork impossible: two entries can never share a seq.
CREATE TABLE entries (
    record_id text NOT NULL REFERENCES records (id),
    seq bigint NOT NULL CHECK (seq >= 1),
    line text NOT NULL,
    chain bytea NOT NULL CHECK (length(chain) = 32),
    PRIMARY KEY (record_id, seq)
);

CREATE TABLE record_players (
    name text NOT NULL,
    record_id text NOT NULL REFERENCES records (id),
    PRIMARY KEY (name, record_id)
);
CREATE TABLE record_tags (
    tag text NOT NULL,
    record_id text NOT NULL REFERENCES records (id),
    PRIMARY KEY (tag, record_id)
);

-- A seeded record's seed while its game runs, sealed under a key kept outside the database.
CREATE TABLE secrets (
    record_id text PRIMARY KEY REFERENCES records (id),
    sealed bytea NOT NULL
);

-- An idempotency key's request fingerprint and first answer.
CREATE TABLE idempotency (
    record_id text NOT NULL REFERENCES records (id),
    key text NOT NULL,
    fingerprint bytea NOT NULL,
    answer text NOT NULL,
    PRIMARY KEY (record_id, key)
);

-- The hash of each bearer token (never the token) and the actor it stands for.
CREATE TABLE tokens (
    record_id text NOT NULL REFERENCES records (id),
    role text NOT NULL,
    hash bytea NOT NULL CHECK (length(hash) = 32),
    PRIMARY KEY (record_id, role)
);

-- The transparency log's head: one row, locked by every transaction that adds leaves or signs,
-- so leaves get their indexes one transaction after another, whichever server writes.
CREATE TABLE log_head (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    size bigint NOT NULL,
    origin text NOT NULL,
    -- The last checkpoint signed (a signed note): every later one must extend it.
    signed text,
    -- The verifier key that signs this log's checkpoints: every server must use the same.
    verifier text
);

-- Every leaf: record_id's chain position seq (0 its header), its RFC 6962 leaf hash.
CREATE TABLE log_leaves (
    idx bigint PRIMARY KEY,
    record_id text NOT NULL,
    seq bigint NOT NULL,
    hash bytea NOT NULL CHECK (length(hash) = 32),
    UNIQUE (record_id, seq)
);

-- The hashes above the leaves in the tlog-tiles layout (level >= 1), up to 256 a tile.
CREATE TABLE log_tiles (
    level smallint NOT NULL CHECK (level >= 1),
    idx bigint NOT NULL,
    hashes bytea NOT NULL,
    PRIMARY KEY (level, idx)
);

-- Facts about the store: `seed_key` -> a check value of the key that seals its seeds.
CREATE TABLE store_meta (
    key text PRIMARY KEY,
    value text NOT NULL
);
