-- Members borrow books. A loan is open while returnedOn is NULL.
CREATE TABLE loan (
  id         INTEGER PRIMARY KEY,
  bookId     INTEGER NOT NULL REFERENCES book(id),
  memberId   INTEGER NOT NULL REFERENCES member(id),
  borrowedOn TEXT NOT NULL,   -- ISO-8601 date
  returnedOn TEXT             -- NULL while the book is out
);
CREATE INDEX loan_book ON loan(bookId);
CREATE INDEX loan_member ON loan(memberId);

-- The books out right now, and who has them.
CREATE VIEW book_on_loan AS
  SELECT book.id AS bookId, book.title, member.name AS memberName, loan.borrowedOn
  FROM loan
  JOIN book ON book.id = loan.bookId
  JOIN member ON member.id = loan.memberId
  WHERE loan.returnedOn IS NULL;

INSERT INTO loan (id, bookId, memberId, borrowedOn, returnedOn) VALUES
  (1, 1, 1, '2025-01-06', '2025-01-20'),
  (2, 3, 1, '2025-02-03', NULL),
  (3, 6, 2, '2025-02-10', '2025-03-01'),
  (4, 5, 3, '2025-02-14', NULL),
  (5, 1, 3, '2025-03-02', NULL);
