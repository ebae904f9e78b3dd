-- drizzle-kit does not write CREATE EXTENSION: trigram search (catalogue, ads) needs pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
