-- Books are looked up by author, and an ISBN belongs to one book only (a UNIQUE index
-- allows many NULLs: editions without an ISBN).
CREATE INDEX book_author ON book(authorId);
CREATE UNIQUE INDEX book_isbn ON book(isbn);
