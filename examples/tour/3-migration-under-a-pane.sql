-- Tour 3: a migration under live panes.
-- Run it from the repository root:  sqlive < examples/tour/3-migration-under-a-pane.sql
-- It applies examples/migrations (a small lending library) to an in-memory database.
.mode box
.echo on

.migrate --to 0002 examples/migrations

-- A pane on the schema itself, and one on the data a later migration rebuilds.
.pin --name tables SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name
.pin --name copies SELECT title, copies FROM book ORDER BY copies DESC, title LIMIT 3

-- Each migration runs in its own transaction; the panes refresh once, when .migrate is
-- done. The tables pane shows the new loan table. copies is read again too (0006 rebuilds
-- book) but its rows are the same, so it prints nothing: .why shows the refresh.
.migrate examples/migrations
.why tables
.why copies
