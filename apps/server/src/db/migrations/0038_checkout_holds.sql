ALTER TABLE "checkouts" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE INDEX "checkouts_held_by_ip" ON "checkouts" USING btree ("client_ip") WHERE "checkouts"."slot_held";