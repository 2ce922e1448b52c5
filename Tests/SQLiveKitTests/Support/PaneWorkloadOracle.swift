import Foundation
import GRDB
@testable import SQLiveKit

/// What a pane shows, or what its query returns when run fresh, in a form both compare in:
/// columns and rows as `DatabaseValue`s, or an error message.
enum PaneSnapshot: Equatable, CustomStringConvertible {
    case rows(columns: [String], rows: [[DatabaseValue]], hasMore: Bool)
    case error(String)
    /// A live pane with no result yet.
    case nothing
    /// A paused pane: not compared.
    case paused

    /// What a pane shows now.
    init(shownBy pane: Pane) {
        switch pane.status {
        case .failed(let message): self = .error(message)
        case .paused: self = .paused
        case .live:
            guard let result = pane.result else {
                self = .nothing
                return
            }
            self = .rows(columns: result.columns,
                         rows: result.rows.map { $0.cells.map(PaneSnapshot.value) },
                         hasMore: result.hasMore)
        }
    }

    static func value(of cell: StoredRow.Cell) -> DatabaseValue {
        switch cell.kind {
        case .null: .null
        case .integer: cell.integer.databaseValue
        case .real: cell.number.databaseValue
        case .text: String(decoding: cell.bytes, as: UTF8.self).databaseValue
        case .blob: Data(cell.bytes).databaseValue
        }
    }

    var description: String {
        switch self {
        case .rows(let columns, let rows, let hasMore):
            let lines = rows.map { $0.map(\.description).joined(separator: "|") }
            return "columns \(columns.joined(separator: ","))\n"
                + (lines.isEmpty ? "(no rows)" : lines.joined(separator: "\n"))
                + (hasMore ? "\n(has more)" : "")
        case .error(let message): return "error: \(message)"
        case .nothing: return "(no result yet)"
        case .paused: return "(paused)"
        }
    }
}

/// Runs pane queries fresh, as they would run at the prompt on the latest committed state:
/// SQL with the `.parameter` values of the workload bound by name, DSL through the
/// session's compiler (the one way DSL text becomes SQL).
struct PaneWorkloadOracle {
    let session: Session
    var parameters: [String: DatabaseValue] = [:]

    /// Notes a `.parameter set :NAME INTEGER` step.
    mutating func note(_ input: String) {
        let words = input.split(separator: " ")
        guard words.count == 4, words[0] == ".parameter", words[1] == "set", let value = Int64(words[3]) else { return }
        parameters[String(words[2].drop { ":@$".contains($0) })] = value.databaseValue
    }

    func fresh(_ query: String, in db: Database) -> PaneSnapshot {
        do {
            let statement: Statement
            if SQLKeywords.startsSQLStatement(query) {
                statement = try db.makeStatement(sql: query)
                statement.setUncheckedArguments(StatementArguments(parameters))
            } else {
                guard let compiled = try session.compileQuery(query, in: db) else { return .error("no statement") }
                statement = compiled
            }
            let rows = try Row.fetchAll(statement)
            let limit = PaneWorkloadRunner.rowLimit
            return .rows(columns: statement.columnNames,
                         rows: rows.prefix(limit).map { Array($0.databaseValues) },
                         hasMore: rows.count > limit)
        } catch let error as DatabaseError {
            return .error(error.message ?? error.description)
        } catch let diagnostic as Diagnostic {
            return .error(diagnostic.message)
        } catch {
            return .error("\(error)")
        }
    }
}
