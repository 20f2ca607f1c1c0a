-- Every order to a broker is an intent: orders placed by hand (a position's Exit) join the smart
-- trades' intents in trade_intents, with their own account and instrument, and manual_orders goes.
ALTER TABLE "trade_intents" ALTER COLUMN "trade_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_intents" ADD COLUMN "broker" text;--> statement-breakpoint
ALTER TABLE "trade_intents" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "trade_intents" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "trade_intents" ADD COLUMN "instrument" text;--> statement-breakpoint
ALTER TABLE "trade_intents" ADD COLUMN "broker_order_id" text;--> statement-breakpoint
ALTER TABLE "trade_intents" ADD CONSTRAINT "trade_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An unanswered send (SENDING) is a PENDING intent whose answer is unknown: the sender looks for it by its tag.
INSERT INTO "trade_intents" ("trade_id", "client_order_id", "kind", "intent", "state", "unknown", "attempts", "error",
    "broker", "account_id", "user_id", "instrument", "broker_order_id", "created_at", "sent_at")
  SELECT NULL, "tag", 'exit', jsonb_build_object('type', 'exit', 'clientOrderId', "tag", 'request', "request"),
         CASE "status" WHEN 'SENDING' THEN 'PENDING' WHEN 'SENT' THEN 'SENT' WHEN 'REFUSED' THEN 'FAILED' ELSE 'UNKNOWN' END,
         "status" = 'SENDING', 1, "reason", "broker", "account_id", "user_id",
         coalesce("request"->>'optionSymbol', "request"->>'symbol'), "broker_order_id", "created_at", "created_at"
    FROM "manual_orders" ORDER BY "id";--> statement-breakpoint
-- Two unanswered Exits of one instrument (the old check was not atomic): the older cannot be told apart any more.
UPDATE "trade_intents" t SET "state" = 'UNKNOWN', "unknown" = false,
    "error" = 'The broker could not confirm this order in time. Check your account at the broker.'
  WHERE t."trade_id" IS NULL AND t."state" = 'PENDING' AND EXISTS (
    SELECT 1 FROM "trade_intents" u
     WHERE u."trade_id" IS NULL AND u."state" = 'PENDING' AND u."account_id" = t."account_id"
       AND u."instrument" = t."instrument" AND u."id" > t."id");--> statement-breakpoint
DROP TABLE "manual_orders" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_intents_by_hand_unanswered_idx" ON "trade_intents" USING btree ("account_id","instrument") WHERE "trade_intents"."trade_id" is null and "trade_intents"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "trade_intents_by_hand_account_idx" ON "trade_intents" USING btree ("account_id","created_at") WHERE "trade_intents"."trade_id" is null;
