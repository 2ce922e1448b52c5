/// A small schema whose tables are linked by foreign keys (to one table twice, to itself,
/// through a composite key), with a view and a full-text table, so DSL associations, joins
/// and full-text matching all have something to resolve against.
public enum FuzzSchema {
    public static let sql = """
        CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT NOT NULL, color TEXT);
        CREATE TABLE player(id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES team(id), name TEXT NOT NULL,
                            score INTEGER, isActive BOOLEAN NOT NULL DEFAULT 1, email TEXT UNIQUE);
        CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, managerId INTEGER REFERENCES person(id));
        CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT, authorId INTEGER REFERENCES person(id),
                          translatorId INTEGER REFERENCES person(id));
        CREATE TABLE membership(playerId INTEGER REFERENCES player(id), clubId INTEGER, role TEXT,
                                PRIMARY KEY(playerId, clubId)) WITHOUT ROWID;
        CREATE TABLE badge(id INTEGER PRIMARY KEY, playerId INTEGER, clubId INTEGER,
                           FOREIGN KEY(playerId, clubId) REFERENCES membership(playerId, clubId));
        CREATE TABLE "Order Line"(id INTEGER PRIMARY KEY, playerId INTEGER REFERENCES player(id), "unit price" REAL);
        CREATE VIRTUAL TABLE document USING fts5(title, body);
        CREATE VIEW ranking AS SELECT name, score FROM player ORDER BY score DESC;
        INSERT INTO team VALUES (1, 'Reds', 'red'), (2, 'Blues', 'blue'), (3, 'Empty', NULL);
        INSERT INTO player VALUES (1, 1, 'Arthur', 100, 1, 'arthur@example.com'), (2, 1, 'Barbara', 80, 1, NULL),
                                  (3, 2, 'Craig', NULL, 0, 'craig@example.com'), (4, NULL, 'Dora', 12, 1, NULL);
        INSERT INTO person VALUES (1, 'Ann', NULL), (2, 'Bob', 1), (3, 'Cy', 1);
        INSERT INTO book VALUES (1, 'B1', 1, 2), (2, 'B2', 2, NULL), (3, 'B3', 1, 3);
        INSERT INTO membership VALUES (1, 10, 'captain'), (2, 10, 'member');
        INSERT INTO badge VALUES (1, 1, 10);
        INSERT INTO document VALUES ('SQLite', 'a small database'), ('GRDB', 'a Swift toolkit for SQLite');
        """
}
