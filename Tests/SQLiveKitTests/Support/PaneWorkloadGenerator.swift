import SQLiveTestSupport
/// Makes a random workload from a seed: the schema of ``PaneWorkloadSchema``, a few panes,
/// then statements of every kind the issue lists, drawn with weights.
///
/// The generator keeps a rough model (is a transaction open, does `t3` exist) only to make
/// useful statements more likely; a statement that fails is a step like any other.
struct PaneWorkloadGenerator {
    var random: SeededRandom
    let storage: PaneWorkload.Storage
    private var inTransaction = false
    private var savepoints = 0
    /// The transaction began with SAVEPOINT, not BEGIN: releasing its outermost savepoint
    /// commits it.
    private var beganWithSavepoint = false
    private var stepsInTransaction = 0
    private var t3Exists = true
    private var columnNumber = 0
    private var panes = 0

    init(seed: UInt64, storage: PaneWorkload.Storage) {
        random = SeededRandom(seed: seed)
        self.storage = storage
    }

    static func workload(seed: UInt64, storage: PaneWorkload.Storage, statements: Int, panes: Int) -> PaneWorkload {
        var generator = PaneWorkloadGenerator(seed: seed, storage: storage)
        var setup = PaneWorkloadSchema.setup(&generator.random)
        for _ in 0..<panes { setup.append(PaneWorkloadSchema.pin(PaneWorkloadSchema.query(&generator.random))) }
        generator.panes = panes
        let steps = (0..<statements).map { _ in generator.next() }
        return PaneWorkload(seed: seed, storage: storage, setup: setup, steps: steps)
    }

    mutating func next() -> PaneWorkload.Step {
        if inTransaction {
            stepsInTransaction += 1
            if stepsInTransaction > 6 || random.chance(0.15) { return end() }
            // Refreshing inside a transaction must not show what is not committed.
            if random.chance(0.04) { return .session(".refresh") }
            // Savepoints nest: changes inside them reach the panes only at the commit.
            if savepoints < 3, random.chance(0.1) {
                savepoints += 1
                return .session("SAVEPOINT s\(savepoints);")
            }
        } else if random.chance(0.08) {
            return begin()
        }
        let roll = random.int(in: 0...99)
        switch roll {
        case 0..<30: return .session(row())
        case 30..<40: return .session(family())
        case 40..<45: return .session(doc())
        case 45..<52: return .session(aux())
        case 52..<58: return .session(schema())
        case 58..<62: return .session(".parameter set :lim \(random.int(in: 0...12))")
        case 62..<68: return pinOrUnpin()
        case 68..<75 where !inTransaction: return external()
        case 75..<79: return .session(failing())
        default: return .session(row())
        }
    }

    // MARK: - Statements

    private var key: Int { mutating get { random.int(in: 1...12) } }
    private var small: Int { mutating get { random.int(in: 0...9) } }

    /// Writes to t1 and t2: inserts, rowid moves, replacements, upserts, deletes, updates of
    /// the generated columns' input.
    private mutating func row() -> String {
        let (k1, k2, v) = (key, key, small)
        return random.pick([
            "INSERT INTO t1(a, b) VALUES (\(v), 'k\(k1)');",
            "INSERT INTO t1(id, a, b) VALUES (\(k1), \(v), 'k\(k2)');",
            "INSERT OR REPLACE INTO t1(id, a, b) VALUES (\(k1), \(v), 'k\(k2)');",
            "REPLACE INTO t2(id, a, u) VALUES (\(k1), \(v), \(k2));",
            "INSERT OR IGNORE INTO t2(id, a, u) VALUES (\(k1), \(v), \(k2));",
            "UPDATE t1 SET id = \(k2) WHERE id = \(k1);",
            "UPDATE OR REPLACE t1 SET id = \(k2) WHERE id = \(k1);",
            "UPDATE OR REPLACE t1 SET b = 'k\(k2)' WHERE id = \(k1);",
            "UPDATE OR REPLACE t2 SET u = \(k2) WHERE id = \(k1);",
            "UPDATE t2 SET id = id + 1 WHERE id = \(k1);",
            "UPDATE t1 SET a = \(v) WHERE id = \(k1);",
            "UPDATE t2 SET a = a + \(v) WHERE id = \(k1);",
            "UPDATE t1 SET a = a + 1 WHERE a < \(v);",
            "INSERT INTO t2(id, a, u) VALUES (\(k1), \(v), \(k2)) ON CONFLICT(id) DO UPDATE SET a = excluded.a;",
            "INSERT INTO t2(id, a, u) VALUES (\(k1), \(v), \(k2)) ON CONFLICT(u) DO UPDATE SET a = a + 1;",
            "INSERT INTO t1(id, a, b) VALUES (\(k1), \(v), 'k\(k2)') ON CONFLICT(b) DO UPDATE SET id = excluded.id;",
            "DELETE FROM t1 WHERE id = \(k1);",
            "DELETE FROM t2 WHERE a > \(v);",
            "DELETE FROM log WHERE id % 3 = \(v % 3);",
        ])
    }

    /// Parents and children: cascades, foreign-key failures, replacements of a parent.
    private mutating func family() -> String {
        let (k, p, v) = (key, random.int(in: 1...6), small)
        return random.pick([
            "INSERT INTO parent(id, name) VALUES (\(p), 'p\(k)');",
            "REPLACE INTO parent(id, name) VALUES (\(p), 'p\(k)');",
            "DELETE FROM parent WHERE id = \(p);",
            "INSERT INTO child(parent_id, v) VALUES (\(p), \(v));",
            "UPDATE child SET v = v + \(v) WHERE parent_id = \(p);",
            "UPDATE child SET parent_id = \(p) WHERE id = \(k);",
            "DELETE FROM child WHERE v < \(v);",
        ])
    }

    /// JSON documents, sometimes malformed: panes reading them fail, then must recover.
    private mutating func doc() -> String {
        let id = random.int(in: 1...4)
        return random.pick([
            "UPDATE doc SET body = 'not json' WHERE id = \(id);",
            "UPDATE doc SET body = '{\"a\": \(small)}' WHERE id = \(id);",
            "UPDATE doc SET body = '{\"a\": \(small)}' WHERE body = 'not json';",
            "INSERT OR REPLACE INTO doc(id, body) VALUES (\(id), '{\"a\": \(small)}');",
        ])
    }

    /// The attached database: rows and a schema change.
    private mutating func aux() -> String {
        if random.chance(0.05) {
            return random.pick(["DETACH aux;", "ATTACH '$AUX' AS aux;"])
        }
        if random.chance(0.1) {
            columnNumber += 1
            return "ALTER TABLE aux.x ADD COLUMN w\(columnNumber) INT DEFAULT \(columnNumber);"
        }
        let (k, v) = (key, small)
        return random.pick([
            "INSERT INTO aux.x(v) VALUES (\(v));",
            "REPLACE INTO aux.x(id, v) VALUES (\(k), \(v));",
            "UPDATE aux.x SET id = \(k) WHERE id = \(key);",
            "UPDATE aux.x SET v = v + 1 WHERE id = \(k);",
            "DELETE FROM aux.x WHERE id = \(k);",
        ])
    }

    /// Schema changes of the main database.
    private mutating func schema() -> String {
        if !t3Exists {
            t3Exists = true
            return "CREATE TABLE t3(id INTEGER PRIMARY KEY, v INT); INSERT INTO t3(v) VALUES (\(small)), (\(small));"
        }
        switch random.int(in: 0...5) {
        case 0:
            t3Exists = false
            return "DROP TABLE t3;"
        case 1:
            columnNumber += 1
            return "ALTER TABLE t3 ADD COLUMN e\(columnNumber) INT DEFAULT \(columnNumber);"
        case 2: return "CREATE INDEX IF NOT EXISTS t1_a ON t1(a);"
        case 3: return "DROP INDEX IF EXISTS t1_a;"
        case 4: return "INSERT INTO t3(v) VALUES (\(small));"
        default: return "UPDATE t3 SET v = v * 2 WHERE id = \(key);"
        }
    }

    /// Statements that fail: a trigger's RAISE(ROLLBACK), constraints, a missing parent.
    private mutating func failing() -> String {
        let fails = random.pick([
            "INSERT INTO t2(a, u) VALUES (-1, \(key + 100));",
            "INSERT INTO t1(id, a, b) VALUES (1, 0, 'x'), (1, 0, 'y');",
            "INSERT INTO child(parent_id, v) VALUES (999, 0);",
            "UPDATE t1 SET b = 'k1';",
        ])
        // RAISE(ROLLBACK) ends the user's transaction.
        if fails.contains("-1") { endTransaction() }
        return fails
    }

    private mutating func pinOrUnpin() -> PaneWorkload.Step {
        if panes > 4, random.chance(0.3) {
            panes -= 1
            return .session(".unpin \(random.int(in: 1...(panes + 3)))")
        }
        panes += 1
        let query = PaneWorkloadSchema.query(&random)
        return .session(random.chance(0.2) ? ".pin --rows 1000 --dedupe \(query)" : PaneWorkloadSchema.pin(query))
    }

    private mutating func external() -> PaneWorkload.Step {
        let (k, v) = (key, small)
        if storage.isFile, random.chance(0.6) {
            return .external(.main, random.pick([
                "INSERT INTO t1(a, b) VALUES (\(v), 'k\(k)')",
                // Another process's schema change: the panes compile again, in one frame.
                "CREATE INDEX IF NOT EXISTS t1_ab ON t1(a, b)",
                "DROP INDEX IF EXISTS t1_ab",
                "UPDATE t1 SET a = \(v) WHERE id = \(k)",
                "DELETE FROM t2 WHERE id = \(k)",
                "INSERT INTO child(parent_id, v) SELECT id, \(v) FROM parent LIMIT 1",
            ]))
        }
        return .external(.aux, random.pick([
            "INSERT INTO x(v) VALUES (\(v))",
            "CREATE INDEX IF NOT EXISTS x_v ON x(v)",
            "UPDATE x SET v = \(v) WHERE id = \(k)",
            "DELETE FROM x WHERE id = \(k)",
        ]))
    }

    // MARK: - Transactions

    private mutating func begin() -> PaneWorkload.Step {
        inTransaction = true
        stepsInTransaction = 0
        if random.chance(0.3) {
            savepoints = 1
            beganWithSavepoint = true
            return .session("SAVEPOINT s1;")
        }
        return .session(random.pick(["BEGIN;", "BEGIN IMMEDIATE;"]))
    }

    /// Ends a transaction or one of its savepoints: `ROLLBACK TO` one of them (it stays open),
    /// `RELEASE` one (and those inside it; the outermost of a transaction begun by SAVEPOINT
    /// commits it), COMMIT or ROLLBACK with any number still open.
    private mutating func end() -> PaneWorkload.Step {
        if savepoints == 0, random.chance(0.2) {
            savepoints = 1
            return .session("SAVEPOINT s1;")
        }
        if savepoints > 0, random.chance(0.4) {
            let level = random.int(in: 1...savepoints)
            savepoints = level
            return .session("ROLLBACK TO s\(level);")
        }
        if savepoints > 0, random.chance(0.3) {
            let level = random.int(in: 1...savepoints)
            savepoints = level - 1
            if savepoints == 0, beganWithSavepoint { endTransaction() }
            return .session("RELEASE s\(level);")
        }
        let last = random.pick(["COMMIT;", "COMMIT;", "ROLLBACK;"])
        endTransaction()
        return .session(last)
    }

    private mutating func endTransaction() {
        inTransaction = false
        savepoints = 0
        beganWithSavepoint = false
    }
}
