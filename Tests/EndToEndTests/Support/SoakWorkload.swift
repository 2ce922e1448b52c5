import Foundation
import SQLiveTestSupport

/// What the concurrency soak runs: the schema and its first rows, the 20 queries pinned as
/// panes, and the random write scripts of the three writers, all drawn from one seed.
///
///     var random = SeededRandom(seed: 7)
///     let scripts = SoakWorkload.writerScripts(writes: 1_500, using: &random)
///     // scripts[0] and scripts[1] for sqlive, scripts[2] for sqlite3, one unit per line
enum SoakWorkload {
    static let schema = """
        CREATE TABLE account(id INTEGER PRIMARY KEY, owner TEXT NOT NULL, region TEXT NOT NULL, balance INTEGER NOT NULL);
        CREATE TABLE item(id INTEGER PRIMARY KEY, accountId INTEGER NOT NULL, sku TEXT NOT NULL, qty INTEGER NOT NULL, price REAL NOT NULL);
        CREATE TABLE event(id INTEGER PRIMARY KEY, kind TEXT NOT NULL, accountId INTEGER, amount REAL);
        CREATE TABLE note(id INTEGER PRIMARY KEY, accountId INTEGER, body TEXT);
        CREATE VIEW rich AS SELECT id, owner, balance FROM account WHERE balance > 800;

        """

    /// A pinned query: SQL (checked against sqlite3) or DSL (checked against a fresh sqlive).
    struct PaneQuery {
        var name: String
        var text: String
        var isDSL = false
    }

    /// Aggregates, joins, filters, ORDER BY with LIMIT, a view, and two DSL queries. None
    /// returns more than 20 rows (a pane's default) and none contains `|`, so `.panes` in
    /// list mode splits into its columns.
    static let panes: [PaneQuery] = [
        PaneQuery(name: "totals", text: "SELECT count(*), sum(balance) FROM account"),
        PaneQuery(name: "regions", text: "SELECT region, count(*), sum(balance) FROM account GROUP BY region ORDER BY region"),
        PaneQuery(name: "richest", text: "SELECT id, owner, balance FROM account ORDER BY balance DESC, id LIMIT 5"),
        PaneQuery(name: "busiest", text: """
            SELECT a.owner, count(i.id) AS items FROM account a JOIN item i ON i.accountId = a.id \
            GROUP BY a.id ORDER BY items DESC, a.id LIMIT 5
            """),
        PaneQuery(name: "bulk", text: "SELECT id, sku, qty FROM item WHERE qty > 90 ORDER BY id LIMIT 10"),
        PaneQuery(name: "kinds", text: "SELECT kind, count(*), total(amount) FROM event GROUP BY kind ORDER BY kind"),
        PaneQuery(name: "span", text: "SELECT min(id), max(id), count(*) FROM event"),
        PaneQuery(name: "view", text: "SELECT * FROM rich ORDER BY balance DESC, id LIMIT 10"),
        PaneQuery(name: "viewcount", text: "SELECT count(*) FROM rich"),
        PaneQuery(name: "skus", text: "SELECT sku, sum(qty) AS q FROM item GROUP BY sku ORDER BY q DESC, sku LIMIT 5"),
        PaneQuery(name: "latest", text: "SELECT id, kind, amount FROM event ORDER BY id DESC LIMIT 8"),
        PaneQuery(name: "byregion", text: """
            SELECT a.region, total(e.amount) FROM event e JOIN account a ON a.id = e.accountId \
            GROUP BY a.region ORDER BY a.region
            """),
        PaneQuery(name: "orphans", text: "SELECT count(*) FROM item WHERE accountId NOT IN (SELECT id FROM account)"),
        PaneQuery(name: "names", text: "SELECT id, owner FROM account WHERE owner LIKE 'b%' ORDER BY owner, id LIMIT 10"),
        PaneQuery(name: "prices", text: "SELECT avg(price), max(price), min(price) FROM item"),
        PaneQuery(name: "notes", text: "SELECT id, body FROM note ORDER BY id DESC LIMIT 5"),
        PaneQuery(name: "big", text: """
            SELECT e.kind, a.owner, e.amount FROM event e JOIN account a ON a.id = e.accountId \
            WHERE e.amount > 450 ORDER BY e.id DESC LIMIT 6
            """),
        PaneQuery(name: "stock", text: """
            SELECT total(qty * price) FROM item JOIN account ON account.id = item.accountId \
            WHERE account.region = 'north'
            """),
        PaneQuery(name: "poorest", text: "account.filter(balance < 100).order(balance, id).limit(5)", isDSL: true),
        PaneQuery(name: "lowstock", text: "item.filter(qty <= 5).select(id, sku, qty).order(id.desc).limit(6)", isDSL: true),
    ]

    static let owners = ["ann", "bob", "bea", "cyd", "dan", "eve", "bram", "zoë", "o'hara"]
    static let regions = ["north", "south", "east", "west"]
    static let kinds = ["deposit", "withdraw", "fee", "refund"]
    static let bodies = ["hello", "it''s late", "comma, inside", "\"quoted\"", "ünïcødé", "tab\there", ""]

    /// The first rows, so every pane starts with something to show.
    static func seedRows(using random: inout SeededRandom) -> String {
        var lines = ["BEGIN;"]
        for _ in 0..<60 { lines.append(insertAccount(using: &random)) }
        for _ in 0..<120 { lines.append(insertItem(maxAccount: 60, using: &random)) }
        for _ in 0..<60 { lines.append(insertEvent(maxAccount: 60, using: &random)) }
        for _ in 0..<10 { lines.append(insertNote(maxAccount: 60, using: &random)) }
        return (lines + ["COMMIT;", ""]).joined(separator: "\n")
    }

    /// The three writers' scripts, one unit per line; together they make `writes` INSERT,
    /// UPDATE and DELETE statements (DSL `updateAll`/`deleteAll` in the sqlive ones). About
    /// a quarter of the writes are in explicit transactions (`BEGIN`, `BEGIN IMMEDIATE`), one
    /// in ten of which rolls back.
    static func writerScripts(writes: Int, using random: inout SeededRandom) -> [[ScriptLine]] {
        (0..<3).map { writer in
            let share = writes / 3 + (writer < writes % 3 ? 1 : 0)
            var lines = writer == 2 ? [ScriptLine(text: ".timeout 5000", isWrite: false)] : []
            var written = 0
            while written < share {
                let inTransaction = Int.random(in: 0..<4, using: &random) == 0
                let count = inTransaction ? min(Int.random(in: 2...6, using: &random), share - written) : 1
                if inTransaction {
                    lines.append(ScriptLine(text: Bool.random(using: &random) ? "BEGIN;" : "BEGIN IMMEDIATE;", isWrite: false))
                }
                for _ in 0..<count {
                    lines.append(ScriptLine(text: write(dsl: writer < 2, using: &random), isWrite: true))
                }
                if inTransaction {
                    lines.append(ScriptLine(text: Int.random(in: 0..<10, using: &random) == 0 ? "ROLLBACK;" : "COMMIT;", isWrite: false))
                }
                written += count
            }
            return lines
        }
    }

    /// One line of a writer's script: a write statement, or a transaction or setting line.
    struct ScriptLine {
        var text: String
        var isWrite: Bool
    }

    /// One random write statement.
    private static func write(dsl: Bool, using random: inout SeededRandom) -> String {
        let maxAccount = 90, maxItem = 200, maxEvent = 400
        switch Int.random(in: 0..<16, using: &random) {
        case 0, 1: return insertAccount(using: &random)
        case 2: return "UPDATE account SET balance = balance + \(Int.random(in: -200...200, using: &random)) WHERE id = \(Int.random(in: 1...maxAccount, using: &random));"
        case 3: return "UPDATE account SET region = '\(regions.randomElement(using: &random) ?? "north")' WHERE id = \(Int.random(in: 1...maxAccount, using: &random));"
        case 4: return "DELETE FROM account WHERE id = \(Int.random(in: 1...maxAccount, using: &random));"
        case 5, 6: return insertItem(maxAccount: maxAccount, using: &random)
        case 7: return "UPDATE item SET qty = qty + \(Int.random(in: -20...20, using: &random)), price = price * 1.1 WHERE id = \(Int.random(in: 1...maxItem, using: &random));"
        case 8: return "DELETE FROM item WHERE id = \(Int.random(in: 1...maxItem, using: &random));"
        case 9, 10: return insertEvent(maxAccount: maxAccount, using: &random)
        case 11: return "DELETE FROM event WHERE id < (SELECT max(id) - \(maxEvent) FROM event);"
        case 12: return insertNote(maxAccount: maxAccount, using: &random)
        case 13: return "UPDATE note SET body = body || '+' WHERE id = \(Int.random(in: 1...40, using: &random));"
        case 14 where dsl:
            return "account.filter(id == \(Int.random(in: 1...maxAccount, using: &random))).updateAll(balance += \(Int.random(in: 1...50, using: &random)))"
        case 15 where dsl:
            return "item.filter(qty < \(Int.random(in: -10...2, using: &random))).deleteAll()"
        default:
            return "DELETE FROM note WHERE id = \(Int.random(in: 1...40, using: &random));"
        }
    }

    private static func insertAccount(using random: inout SeededRandom) -> String {
        let owner = (owners.randomElement(using: &random) ?? "ann").replacingOccurrences(of: "'", with: "''")
        let region = regions.randomElement(using: &random) ?? "north"
        return "INSERT INTO account(owner, region, balance) VALUES ('\(owner)\(Int.random(in: 1...99, using: &random))', '\(region)', \(Int.random(in: 0...1000, using: &random)));"
    }

    private static func insertItem(maxAccount: Int, using random: inout SeededRandom) -> String {
        let price = Double(Int.random(in: 1...40_000, using: &random)) / 100
        return "INSERT INTO item(accountId, sku, qty, price) VALUES (\(Int.random(in: 1...maxAccount, using: &random)), 'sku-\(Int.random(in: 1...12, using: &random))', \(Int.random(in: 0...100, using: &random)), \(price));"
    }

    private static func insertEvent(maxAccount: Int, using random: inout SeededRandom) -> String {
        let kind = kinds.randomElement(using: &random) ?? "fee"
        let amount = Double(Int.random(in: 0...100_000, using: &random)) / 100
        return "INSERT INTO event(kind, accountId, amount) VALUES ('\(kind)', \(Int.random(in: 1...maxAccount, using: &random)), \(amount));"
    }

    private static func insertNote(maxAccount: Int, using random: inout SeededRandom) -> String {
        let body = bodies.randomElement(using: &random) ?? ""
        return "INSERT INTO note(accountId, body) VALUES (\(Int.random(in: 1...maxAccount, using: &random)), '\(body)');"
    }
}
