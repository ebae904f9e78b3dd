-- Mileage typed in miles was copied into the typed column as it was, so search, the mileage filters
-- and the mileage sort took miles for km. The column now holds km (1 mi = 1.609344 km, the factor of
-- `mileageUnit` in contracts); `fields` keeps what the seller typed. Only rows whose column still
-- holds the typed number change, so running this twice changes nothing more. A revision waiting for
-- a moderator carries its columns too.
UPDATE "ads"
SET "mileage" = round(("fields"->>'mileage')::numeric * 1.609344)::integer
WHERE "fields"->>'mileageUnit' = 'mi'
  AND jsonb_typeof("fields"->'mileage') = 'number'
  AND "mileage" = ("fields"->>'mileage')::integer;
--> statement-breakpoint
UPDATE "ads"
SET "pending_revision" = jsonb_set(
  "pending_revision",
  '{mileage}',
  to_jsonb(round(("pending_revision"->'fields'->>'mileage')::numeric * 1.609344)::integer)
)
WHERE "pending_revision"->'fields'->>'mileageUnit' = 'mi'
  AND jsonb_typeof("pending_revision"->'fields'->'mileage') = 'number'
  AND ("pending_revision"->>'mileage')::integer = ("pending_revision"->'fields'->>'mileage')::integer;
