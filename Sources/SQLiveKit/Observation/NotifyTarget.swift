import Foundation
import GRDB

/// What `.notify` tells the observers changed: some tables (or some of their columns), the
/// whole database, or the schema.
///
///     try NotifyTarget.parse("player(name, score) team")
///     // .tables([("player", ["name", "score"]), ("team", nil)])
enum NotifyTarget: Equatable {
    struct TableTarget: Equatable {
        var table: String
        /// nil: every column.
        var columns: [String]?
    }

    case tables([TableTarget])
    case all
    case schema

    static func parse(_ text: String) throws(Diagnostic) -> NotifyTarget {
        let trimmed = RawArguments(text).remainder
        switch trimmed.lowercased() {
        case "all": return .all
        case "schema": return .schema
        case "": throw Diagnostic(".notify: missing TABLE, all or schema", hint: "usage: .notify TABLE[(COL,...)] ... | all | schema")
        default: break
        }
        var targets: [TableTarget] = []
        var rest = Substring(trimmed)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            guard !rest.isEmpty else { break }
            let nameEnd: Substring.Index
            if let first = rest.first, let close = Self.closingQuotes[first],
               let end = rest.dropFirst().firstIndex(of: close) {
                nameEnd = rest.index(after: end)
            } else {
                nameEnd = rest.firstIndex { $0.isWhitespace || $0 == "," || $0 == "(" } ?? rest.endIndex
            }
            let table = Self.unquoted(rest[..<nameEnd])
            rest = rest[nameEnd...].drop(while: \.isWhitespace)
            var columns: [String]?
            if rest.first == "(" {
                guard let close = rest.firstIndex(of: ")") else {
                    throw Diagnostic(".notify: missing ) after the columns of \(table)")
                }
                columns = rest[rest.index(after: rest.startIndex)..<close]
                    .split(separator: ",")
                    .map { Self.unquoted(Substring($0.trimmingCharacters(in: .whitespaces))) }
                    .filter { !$0.isEmpty }
                rest = rest[rest.index(after: close)...]
            }
            targets.append(TableTarget(table: table, columns: columns))
        }
        return .tables(targets)
    }

    /// The region to notify, after checking that the tables and columns exist.
    func region(_ db: Database) throws -> DatabaseRegion {
        switch self {
        case .all, .schema:
            return .fullDatabase
        case .tables(let targets):
            var region = DatabaseRegion()
            for target in targets {
                guard try db.tableExists(target.table) else {
                    if try db.viewExists(target.table) {
                        throw Diagnostic(".notify: \(target.table) is a view", hint: "notify the tables the view reads")
                    }
                    throw Diagnostic(".notify: no such table: \(target.table)", hint: ".tables lists the tables")
                }
                let known = try db.columns(in: target.table).map(\.name)
                for column in target.columns ?? [] where !known.contains(where: { $0.lowercased() == column.lowercased() }) {
                    throw Diagnostic(".notify: no column \(column) in \(target.table)",
                                     hint: "its columns: \(known.joined(separator: ", "))")
                }
                let columns = target.columns ?? known
                region.formUnion(try Table(target.table).select(columns.map { Column($0) }).databaseRegion(db))
            }
            return region
        }
    }

    /// The kinds of change the notification stands for, to find the panes it wakes: only
    /// updates of the columns named, when columns are named (a pane that reads other columns
    /// of the table is not concerned).
    func eventKinds(_ db: Database) throws -> [DatabaseEventKind]? {
        guard case .tables(let targets) = self else { return nil }
        return try targets.flatMap { target -> [DatabaseEventKind] in
            if let columns = target.columns {
                return [.update(tableName: target.table, columnNames: Set(columns))]
            }
            let columns = try db.columns(in: target.table).map(\.name)
            return [.insert(tableName: target.table), .delete(tableName: target.table),
                    .update(tableName: target.table, columnNames: Set(columns))]
        }
    }

    /// How `.trace` names the notification: `player(name,score), team`.
    var description: String {
        switch self {
        case .all: "all"
        case .schema: "schema"
        case .tables(let targets):
            targets.map { target in
                target.table + (target.columns.map { "(" + $0.joined(separator: ",") + ")" } ?? "")
            }.joined(separator: ", ")
        }
    }

    /// SQL's ways of quoting a name, by opening character.
    private static let closingQuotes: [Character: Character] = ["\"": "\"", "`": "`", "[": "]", "'": "'"]

    private static func unquoted(_ name: Substring) -> String {
        guard let first = name.first, let last = name.last, name.count >= 2 else { return String(name) }
        return closingQuotes[first] == last ? String(name.dropFirst().dropLast()) : String(name)
    }
}
