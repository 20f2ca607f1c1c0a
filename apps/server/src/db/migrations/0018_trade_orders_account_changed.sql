CREATE INDEX "trade_orders_account_changed_idx" ON "trade_orders" USING btree ("account_id","updated_at");
