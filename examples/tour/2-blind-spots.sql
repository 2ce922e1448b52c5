-- Tour 2: the changes SQLite does not report, and how .notify closes each blind spot.
-- Run it from the repository root:  sqlive < examples/tour/2-blind-spots.sql
.mode box
.echo on

-- A WITHOUT ROWID table: SQLite reports no change to it, so GRDB cannot see its writes.
-- .region warns about it.
CREATE TABLE tag(name TEXT PRIMARY KEY, uses INTEGER) WITHOUT ROWID;
INSERT INTO tag VALUES ('sql', 1), ('swift', 2);
.pin --name tags SELECT name, uses FROM tag ORDER BY name
.region SELECT name, uses FROM tag ORDER BY name
-- This commit changes the pane's rows, yet no pane block follows it:
UPDATE tag SET uses = 10 WHERE name = 'sql';
-- .notify tells GRDB what changed (Database.notifyChanges(in:) in an app): the pane catches up.
.notify tag

-- A virtual table: what its module changes on its own is not seen either. FTS5 writes its
-- index into shadow tables; sqlive counts those writes as changes of the virtual table.
CREATE VIRTUAL TABLE note USING fts5(body);
INSERT INTO note(body) VALUES ('panes refresh on commits');
.pin --name notes SELECT body FROM note WHERE note MATCH 'commits'
.region SELECT body FROM note WHERE note MATCH 'commits'
INSERT INTO note(body) VALUES ('virtual tables hide their commits');
.notify note
.why notes

-- The third blind spot, another process, is tour 4: sh examples/tour/4-another-process.sh
