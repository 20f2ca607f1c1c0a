ALTER TABLE "alert_triggers" ALTER COLUMN "last_price" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "alert_price" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "buy_range_low" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "buy_range_high" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "target_range_low" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "target_range_high" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "stop_loss" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "single_strike" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "leg_one_strike" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "leg_two_strike" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "latest_price" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "half_exit_price" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "exit_price" SET DATA TYPE numeric(18, 8);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "p_l_dollar" SET DATA TYPE numeric(18, 8);