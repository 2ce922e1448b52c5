import Foundation

/// A temporary folder for one test, deleted when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes a file in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ contents: String) -> String {
        let file = path + "/" + name
        FileManager.default.createFile(atPath: file, contents: Data(contents.utf8))
        return file
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
