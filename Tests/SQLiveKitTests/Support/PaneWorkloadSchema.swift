import SQLiveTestSupport
/// The schema, first data and pane queries of a random workload.
///
/// The tables are small and their keys drawn from small ranges (ids 1…12, `t1.b` in `k1`…`k12`,
/// `t2.u` in 1…12) so that random statements collide: replacements, rowid moves, unique and
/// foreign-key conflicts happen every few statements. Every query has an ORDER BY (or returns
/// one row), so a pane and a fresh run of its query can be compared row by row.
enum PaneWorkloadSchema {
    /// The setup script for a seed; `$AUX` stands for the attached file.
    static func setup(_ random: inout SeededRandom) -> [String] {
        let (first, second) = random.chance(0.5) ? ("VIRTUAL", "STORED") : ("STORED", "VIRTUAL")
        var lines = [
            "PRAGMA foreign_keys = ON;",
            "CREATE TABLE t1(id INTEGER PRIMARY KEY, a INT, b TEXT UNIQUE, c AS (a * 2) \(first));",
            "CREATE TABLE t2(id INTEGER PRIMARY KEY, a INT, u INT UNIQUE, c AS (a * 2) \(second));",
            "CREATE TABLE parent(id INTEGER PRIMARY KEY, name TEXT UNIQUE);",
            "CREATE TABLE child(id INTEGER PRIMARY KEY, parent_id INT NOT NULL REFERENCES parent(id) ON DELETE CASCADE, v INT);",
            "CREATE TABLE log(id INTEGER PRIMARY KEY, what TEXT, n INT);",
            "CREATE TABLE doc(id INTEGER PRIMARY KEY, body TEXT);",
            "CREATE TABLE t3(id INTEGER PRIMARY KEY, v INT);",
            "CREATE TRIGGER t1_insert_log AFTER INSERT ON t1 BEGIN INSERT INTO log(what, n) VALUES ('t1 insert', new.a); END;",
            "CREATE TRIGGER t1_delete_log AFTER DELETE ON t1 BEGIN INSERT INTO log(what, n) VALUES ('t1 delete', old.a); END;",
            "CREATE TRIGGER t2_no_negative BEFORE INSERT ON t2 WHEN new.a < 0 BEGIN SELECT RAISE(ROLLBACK, 't2.a must not be negative'); END;",
            "CREATE VIEW family AS SELECT parent.id, parent.name, count(child.id) AS kids, total(child.v) AS total FROM parent LEFT JOIN child ON child.parent_id = parent.id GROUP BY parent.id;",
            "ATTACH '$AUX' AS aux;",
            "CREATE TABLE aux.x(id INTEGER PRIMARY KEY, v INT);",
            ".parameter set :lim \(random.int(in: 2...8))",
        ]
        let t1 = (1...8).map { "(\($0), \(random.int(in: 0...9)), 'k\($0)')" }
        lines.append("INSERT INTO t1(id, a, b) VALUES \(t1.joined(separator: ", "));")
        let t2 = (1...6).map { "(\($0), \(random.int(in: 0...9)), \($0))" }
        lines.append("INSERT INTO t2(id, a, u) VALUES \(t2.joined(separator: ", "));")
        lines.append("INSERT INTO parent(id, name) VALUES (1, 'p1'), (2, 'p2'), (3, 'p3'), (4, 'p4');")
        let children = (1...8).map { _ in "(\(random.int(in: 1...4)), \(random.int(in: 0...9)))" }
        lines.append("INSERT INTO child(parent_id, v) VALUES \(children.joined(separator: ", "));")
        lines.append("INSERT INTO doc(body) VALUES ('{\"a\": 1}'), ('{\"a\": 2}'), ('{\"a\": 3}');")
        lines.append("INSERT INTO t3(v) VALUES (1), (2), (3);")
        lines.append("INSERT INTO aux.x(v) VALUES (1), (2), (3);")
        return lines
    }

    /// `.pin --rows 1000 QUERY`: a pane that keeps every row of these small tables.
    static func pin(_ query: String) -> String {
        ".pin --rows 1000 \(query)"
    }

    /// A random pane query, SQL or DSL.
    static func query(_ random: inout SeededRandom) -> String {
        let key = random.int(in: 1...12)
        let bound = random.int(in: 0...16)
        return random.chance(0.7) ? random.pick(sqlQueries(key: key, bound: bound)) : random.pick(dslQueries(key: key, bound: bound))
    }

    static func sqlQueries(key: Int, bound: Int) -> [String] {
        [
            "SELECT id, a, b, c FROM t1 ORDER BY id",
            "SELECT count(*), total(a), max(c) FROM t1",
            "SELECT * FROM t1 WHERE id = \(key)",
            "SELECT a, b FROM t1 WHERE id = '\(key)'",
            "SELECT id, a FROM t1 WHERE id <= :lim ORDER BY id",
            "SELECT id, c FROM t1 WHERE c > \(bound) ORDER BY id",
            "SELECT c, id FROM t2 WHERE c >= \(bound) ORDER BY c, id",
            "SELECT id, u, c FROM t2 ORDER BY id",
            "SELECT sum(c) FROM t2",
            "SELECT b, id FROM t1 WHERE a IN (SELECT a FROM t2) ORDER BY id",
            "SELECT t1.id, t2.id FROM t1 JOIN t2 ON t2.u = t1.id ORDER BY t1.id, t2.id",
            "SELECT * FROM family ORDER BY id",
            "SELECT parent.name, child.v FROM parent JOIN child ON child.parent_id = parent.id ORDER BY child.id",
            "SELECT count(*) FROM child WHERE parent_id = \(key % 5)",
            "SELECT what, count(*), total(n) FROM log GROUP BY what ORDER BY what",
            "SELECT id, json_extract(body, '$.a') FROM doc ORDER BY id",
            "SELECT * FROM t3 ORDER BY id",
            "SELECT id, v FROM aux.x ORDER BY id",
            "SELECT * FROM aux.x ORDER BY id",
            "SELECT (SELECT count(*) FROM t1) + (SELECT count(*) FROM aux.x)",
        ]
    }

    static func dslQueries(key: Int, bound: Int) -> [String] {
        [
            "t1.filter(id == \(key))",
            "t1.filter(key: \(key))",
            // Keys of another type: SQLite compares '7' with the rowid 7, so must the region.
            "t1.filter(key: \"\(key)\")",
            "t1.filter(id == \"\(key)\")",
            "t1.filter(keys: [\"\(key)\", \(key % 5 + 1)])",
            "t1.order(a, id).limit(3)",
            "t1.count",
            "t2.filter(c > \(bound)).order(id)",
            "t2.select(id, c).order(c.desc, id)",
            "parent.order(name)",
            "child.filter(parent_id == \(key % 5)).order(id)",
        ]
    }
}
