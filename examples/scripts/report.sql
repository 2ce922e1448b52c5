-- A batch report on the example database:
--   sqlive examples/shop.db < examples/scripts/report.sql
.mode csv
.headers on
-- Revenue per category, paid and shipped orders only.
SELECT c.name AS category, round(sum(i.quantity * i.unitPrice), 2) AS revenue
FROM order_item i
JOIN product p ON p.id = i.productId
JOIN category c ON c.id = p.categoryId
JOIN "order" o ON o.id = i.orderId
WHERE o.status IN ('paid', 'shipped')
GROUP BY c.id
ORDER BY revenue DESC;
