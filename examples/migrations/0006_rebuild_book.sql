-- Adds CHECK constraints to book and makes titles compare without case. ALTER TABLE can't
-- do that, so the table is rebuilt, following SQLite's recipe for other kinds of table
-- schema changes: https://sqlite.org/lang_altertable.html#otheralter (section 7).
--
-- Steps 1-2 and 10-12 (foreign keys off, BEGIN, PRAGMA foreign_key_check, COMMIT, foreign
-- keys back on) are what .migrate does around every migration, so this file holds
-- steps 3-9 only, in the recipe's order.

-- 3. What refers to book, from SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = 'book':
--    the indexes book_author and book_isbn. The view book_on_loan reads book too, and
--    loan.bookId references it.
--    Step 9 drops such views first: renaming new_book to book (step 7) checks every view,
--    and this one would name a table that does not exist at that moment.
DROP VIEW book_on_loan;

-- 4. The new table, in the desired format.
CREATE TABLE new_book (
  id       INTEGER PRIMARY KEY,
  authorId INTEGER NOT NULL REFERENCES author(id),
  title    TEXT NOT NULL COLLATE NOCASE,
  isbn     TEXT,
  year     INTEGER CHECK (year BETWEEN 1450 AND 2100),
  copies   INTEGER NOT NULL DEFAULT 1 CHECK (copies >= 0)
);

-- 5. Copy the rows across.
INSERT INTO new_book (id, authorId, title, isbn, year, copies)
  SELECT id, authorId, title, isbn, year, copies FROM book;

-- 6. Drop the old table. Foreign keys are off here, so loan's rows are left alone.
DROP TABLE book;

-- 7. Give the new table the old name; loan.bookId now references it.
ALTER TABLE new_book RENAME TO book;

-- 8. Recreate the indexes (DROP TABLE dropped them).
CREATE INDEX book_author ON book(authorId);
CREATE UNIQUE INDEX book_isbn ON book(isbn);

-- 9. Recreate the view.
CREATE VIEW book_on_loan AS
  SELECT book.id AS bookId, book.title, member.name AS memberName, loan.borrowedOn
  FROM loan
  JOIN book ON book.id = loan.bookId
  JOIN member ON member.id = loan.memberId
  WHERE loan.returnedOn IS NULL;
