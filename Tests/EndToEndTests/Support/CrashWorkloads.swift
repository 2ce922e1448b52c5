import Foundation
import SQLiveTestSupport

/// What the crash-safety tests run before `kill -9`, and what the database must hold after.
///
/// Each workload is drawn from a seed and knows its own expected results, so a check after
/// the kill is exact: every committed batch, import or migration is there whole, and nothing
/// of the unfinished one is.
enum CrashWorkloads {
    // MARK: - Writes with periodic commits

    /// A script of `BEGIN … COMMIT` batches, each followed by `SELECT 'committed K'`.
    ///
    /// Batch K inserts `rowCounts[K - 1]` rows of `batch_row` (some batches with one
    /// `INSERT … SELECT` of thousands of rows, more than SQLite's page cache holds, so that
    /// uncommitted pages reach the file), inserts and deletes a scratch row, and adds to the
    /// one row of `ledger`. After a kill, batches 1…M are there whole, for M the last marker
    /// printed (or one more: the commit may land before its marker is written).
    struct Writes {
        var script: String
        var rowCounts: [Int]

        static let schema = """
            CREATE TABLE batch_row(batch INTEGER NOT NULL, n INTEGER NOT NULL, payload TEXT, PRIMARY KEY (batch, n));
            CREATE TABLE ledger(id INTEGER PRIMARY KEY CHECK (id = 1), batches INTEGER NOT NULL, rows INTEGER NOT NULL);
            INSERT INTO ledger VALUES (1, 0, 0);

            """

        init(batches: Int, using random: inout SeededRandom) {
            var script = "", rowCounts: [Int] = []
            for batch in 1...batches {
                let single = Int.random(in: 5...40, using: &random)
                let bulk = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 20_000...40_000, using: &random) : 0
                script += "BEGIN;\n"
                for n in 1...single {
                    script += "INSERT INTO batch_row VALUES (\(batch), \(n), '\(String(repeating: "x", count: Int.random(in: 10...300, using: &random)))');\n"
                }
                if bulk > 0 {
                    script += """
                        WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < \(bulk))
                        INSERT INTO batch_row SELECT \(batch), 1000 + n, hex(randomblob(60)) FROM c;

                        """
                }
                script += """
                    INSERT INTO batch_row VALUES (\(batch), -1, 'scratch');
                    DELETE FROM batch_row WHERE batch = \(batch) AND n = -1;
                    UPDATE ledger SET batches = batches + 1, rows = rows + \(single + bulk);
                    COMMIT;
                    SELECT 'committed \(batch)';

                    """
                rowCounts.append(single + bulk)
            }
            self.script = script
            self.rowCounts = rowCounts
        }

        /// What the checks print when batches 1…`committed` are in the database.
        func expected(committed: Int) -> String {
            let counts = rowCounts.prefix(committed)
            let perBatch = counts.enumerated().map { "\($0.offset + 1)|\($0.element)\n" }.joined()
            return "ok\n\(committed)|\(counts.reduce(0, +))\n" + perBatch
        }

        static let checks = """
            PRAGMA integrity_check;
            SELECT batches, rows FROM ledger;
            SELECT batch, count(*) FROM batch_row GROUP BY batch ORDER BY batch;

            """
    }

    // MARK: - Import

    /// A CSV file of `rows` records (with a header), its fields quoted and unquoted.
    static func csv(rows: Int, using random: inout SeededRandom) -> String {
        var text = "id,name,amount,note\n"
        for id in 1...rows {
            let note = String(repeating: "n", count: Int.random(in: 40...160, using: &random))
            text += "\(id),name \(id),\(Double(Int.random(in: 0...1_000_000, using: &random)) / 100),\"\(note), \"\"\(id)\"\"\"\n"
        }
        return text
    }

    // MARK: - Migrations

    /// Five migrations, each writing megabytes, so a kill lands inside one: tables, an added
    /// column, an index, and a table rebuilt by SQLite's recipe.
    static let bulkRows = 60_000

    static let migrations: [(name: String, sql: String)] = [
        ("0001_create_step", """
            CREATE TABLE step(k INTEGER PRIMARY KEY, note TEXT);
            INSERT INTO step VALUES (1, 'one');
            \(bulk(1))
            """),
        ("0002_second_bulk", """
            INSERT INTO step VALUES (2, 'two');
            \(bulk(2))
            """),
        ("0003_add_column", """
            ALTER TABLE step ADD COLUMN extra TEXT DEFAULT 'x';
            INSERT INTO step(k, note) VALUES (3, 'three');
            \(bulk(3))
            """),
        ("0004_index", """
            CREATE INDEX bulk1_x ON bulk1(x);
            INSERT INTO step(k, note) VALUES (4, 'four');
            \(bulk(4))
            """),
        ("0005_rebuild_step", """
            CREATE TABLE new_step(k INTEGER PRIMARY KEY CHECK (k > 0), note TEXT NOT NULL, extra TEXT DEFAULT 'x');
            INSERT INTO new_step SELECT k, note, extra FROM step;
            DROP TABLE step;
            ALTER TABLE new_step RENAME TO step;
            INSERT INTO step(k, note) VALUES (5, 'five');
            \(bulk(5))
            """),
    ]

    private static func bulk(_ k: Int) -> String {
        """
        CREATE TABLE bulk\(k)(x INTEGER, y BLOB);
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(bulkRows))
        INSERT INTO bulk\(k) SELECT x, randomblob(48) FROM c;

        """
    }

    /// Where a database stands after `.migrate`: GRDB's ledger, sqlive's checksums, and
    /// the schema and rows the migrations make.
    struct MigrationState: Equatable, CustomStringConvertible {
        var ledger: [String] = []
        var checksums: [String] = []
        var objects: [String] = []
        var steps: [String] = []
        var columns: [String] = []
        var rebuilt = false

        /// The state after the first `applied` migrations, each whole.
        init(applied: Int) {
            ledger = migrations.prefix(applied).map(\.name)
            checksums = ledger
            guard applied > 0 else { return }
            objects = ((1...applied).map { "bulk\($0)" } + ["step"] + (applied >= 4 ? ["bulk1_x"] : [])).sorted()
            steps = (1...applied).map(String.init)
            columns = applied >= 3 ? ["k", "note", "extra"] : ["k", "note"]
            rebuilt = applied >= 5
        }

        /// Reads the state with sqlite3, querying only the tables that exist.
        init(reading database: String) throws {
            func list(_ sql: String) throws -> [String] {
                try BinaryRunner.sqlite3([database, sql]).stdout.split(separator: "\n").map(String.init)
            }
            let names = try list("SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
            if names.contains("grdb_migrations") {
                ledger = try list("SELECT identifier FROM grdb_migrations ORDER BY identifier")
            }
            if names.contains("sqlive_migration_checksums") {
                checksums = try list("SELECT identifier FROM sqlive_migration_checksums ORDER BY identifier")
            }
            objects = names.filter { $0 != "grdb_migrations" && $0 != "sqlive_migration_checksums" }
            if names.contains("step") {
                steps = try list("SELECT k FROM step ORDER BY k")
                columns = try list("SELECT name FROM pragma_table_info('step')")
                rebuilt = try list("SELECT sql LIKE '%CHECK%' FROM sqlite_schema WHERE name = 'step'") == ["1"]
            }
            for k in 1...migrations.count where names.contains("bulk\(k)") {
                if try list("SELECT count(*) FROM bulk\(k)") != [String(bulkRows)] { objects.append("bulk\(k) (incomplete)") }
            }
        }

        var description: String {
            "ledger \(ledger), checksums \(checksums), objects \(objects), steps \(steps), columns \(columns), rebuilt \(rebuilt)"
        }
    }
}
