-- Resource files are no longer public: people get a link signed for them when they ask, made from
-- the storage key. A row that kept only its public /media/ address gets its key back from it
-- (every row made by the app has its keys already); then the addresses go.
UPDATE "resources" SET "file_key" = substring("file_url" from 8) WHERE "file_key" IS NULL AND "file_url" LIKE '/media/%';--> statement-breakpoint
UPDATE "resources" SET "thumbnail_key" = substring("thumbnail_url" from 8) WHERE "thumbnail_key" IS NULL AND "thumbnail_url" LIKE '/media/%';--> statement-breakpoint
CREATE INDEX "resources_file_key_idx" ON "resources" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "resources_thumbnail_key_idx" ON "resources" USING btree ("thumbnail_key");--> statement-breakpoint
ALTER TABLE "resources" DROP COLUMN "file_url";--> statement-breakpoint
ALTER TABLE "resources" DROP COLUMN "thumbnail_url";
