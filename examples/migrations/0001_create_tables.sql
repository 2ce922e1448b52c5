-- sqlive's example migrations: a small lending library, built one migration at a time.
-- Apply them to a new database with:
--   sqlive library.db ".migrate examples/migrations"
-- Authors write books; members borrow them (0004). The data is made up.

CREATE TABLE author (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE book (
  id       INTEGER PRIMARY KEY,
  authorId INTEGER NOT NULL REFERENCES author(id),
  title    TEXT NOT NULL,
  isbn     TEXT,            -- NULL when the edition has none
  year     INTEGER
);

CREATE TABLE member (
  id    INTEGER PRIMARY KEY,
  name  TEXT NOT NULL,
  email TEXT
);

INSERT INTO author (id, name) VALUES
  (1, 'Ursula K. Le Guin'),
  (2, 'Italo Calvino'),
  (3, 'Toni Morrison'),
  (4, 'Stanisław Lem');

INSERT INTO book (id, authorId, title, isbn, year) VALUES
  (1, 1, 'A Wizard of Earthsea', '978-0-00-000001-1', 1968),
  (2, 1, 'The Dispossessed', '978-0-00-000002-8', 1974),
  (3, 2, 'Invisible Cities', '978-0-00-000003-5', 1972),
  (4, 2, 'If on a winter''s night a traveler', '978-0-00-000004-2', 1979),
  (5, 3, 'Beloved', '978-0-00-000005-9', 1987),
  (6, 4, 'Solaris', '978-0-00-000006-6', 1961),
  (7, 4, 'The Cyberiad', NULL, 1965);

INSERT INTO member (id, name, email) VALUES
  (1, 'Ada Obi', 'ada@example.org'),
  (2, 'Bruno Keller', NULL),
  (3, 'Chiara Rossi', 'chiara@example.org');
