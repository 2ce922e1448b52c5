-- Restock every tracked product that ran out, in one transaction, and show what changed:
--   sqlive examples/shop.db < examples/scripts/restock.sql
.changes on
BEGIN;
UPDATE product SET stock = 10 WHERE stock = 0;
COMMIT;
.changes off
.mode list
.headers on
SELECT name, stock FROM product WHERE stock = 10 ORDER BY name;
