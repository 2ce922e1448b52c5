-- Loans get a due date, three weeks after the book was borrowed. The new column starts
-- NULL; the UPDATE backfills it for the loans made before this migration.
ALTER TABLE loan ADD COLUMN dueOn TEXT;

UPDATE loan SET dueOn = date(borrowedOn, '+21 days');
