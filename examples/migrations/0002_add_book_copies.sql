-- How many copies of each book the library owns. ALTER TABLE ... ADD COLUMN with a default
-- fills every existing row with it at once, without rewriting the table.
ALTER TABLE book ADD COLUMN copies INTEGER NOT NULL DEFAULT 1;

UPDATE book SET copies = 3 WHERE title IN ('A Wizard of Earthsea', 'Invisible Cities');
