import Foundation

/// A temporary folder for one test, deleted when the value goes away.
///
///     let folder = try TemporaryFolder()
///     let script = folder.write("a.sql", "select 1;")   // its path
///     let database = folder.path("a.db")                // a path in the folder
public final class TemporaryFolder {
    public let path: String
    public var url: URL { URL(fileURLWithPath: path) }

    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` in the folder.
    public func path(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes a file in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ contents: String) -> String {
        let file = path(name)
        // A test must not go on with a file it believes written.
        precondition(FileManager.default.createFile(atPath: file, contents: Data(contents.utf8)), "could not write \(file)")
        return file
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
