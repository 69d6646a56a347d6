-- "Mostrar hasta" of a global message (issue 29 item 15d; decision 0087): null, shown until
-- switched off; a time, no longer shown from then on.
ALTER TABLE "global_messages" ADD COLUMN "ends_at" timestamp with time zone;