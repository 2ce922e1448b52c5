import Foundation
@testable import SQLiveKit

/// The repository's example database, `examples/shop.sql`, for tests that run queries on it.
enum ShopDatabase {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var script: String {
        get throws { try String(contentsOf: repositoryRoot.appendingPathComponent("examples/shop.sql"), encoding: .utf8) }
    }

    /// A session on an in-memory copy of the shop, plus whatever `extraSQL` adds.
    static func session(adding extraSQL: String = "") throws -> TestSession {
        let session = try TestSession()
        session.run(try script + "\n" + extraSQL)
        guard session.errorText.isEmpty else {
            throw ShopError(message: "loading the shop failed: \(session.errorText)")
        }
        return session
    }

    struct ShopError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
