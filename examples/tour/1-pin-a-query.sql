-- Tour 1: pin a query, then watch which writes refresh it, and why.
-- Run it from the repository root:  sqlive < examples/tour/1-pin-a-query.sql
-- In a script each pane prints as a block, "-- pane ID (NAME): CAUSE", after the statement
-- that changed it; at a terminal the same panes stay docked at the top of the screen.
.mode box
.echo on

CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, team TEXT, score INTEGER);
INSERT INTO player(name, team, score) VALUES ('Arthur', 'red', 10), ('Barbara', 'blue', 20), ('Craig', 'red', 5);

-- A pane shows a query, then runs it again after every commit that changes what it reads
-- (GRDB's ValueObservation). The cause names the table, the columns and the rowids.
.pin --name top SELECT name, score FROM player ORDER BY score DESC LIMIT 2
UPDATE player SET score = 30 WHERE name = 'Craig';

-- Which writes wake the pane? .region prints what GRDB observes: the columns the query
-- reads. team is not one of them, so changing a team alone refreshes nothing.
.region SELECT name, score FROM player ORDER BY score DESC LIMIT 2
UPDATE player SET team = 'green' WHERE name = 'Arthur';

-- A DSL query pins the same way. This one reads team too: the same kind of write wakes it.
.pin --name reds player.filter(team == "red").select(name)
UPDATE player SET team = 'red' WHERE name = 'Barbara';

-- .why lists a pane's refreshes with their causes; .panes lists the panes and regions.
.why top
.why reds
.panes
