import Foundation
import GRDBSQLite

/// Finds the file of Litestream's read-replica VFS extension (`litestream-vfs.so`): the
/// path given with `--litestream-vfs`, else the environment's `SQLIVE_LITESTREAM_VFS`, else
/// where the Python package `litestream-vfs` put it (`litestream_vfs.loadable_path()`, asked
/// of the `python3` on PATH, so an activated venv is used).
///
///     let path = try LitestreamExtension.locate(explicit: nil, environment: ProcessInfo.processInfo.environment)
///     // ".../site-packages/litestream_vfs/litestream-vfs.so"
public enum LitestreamExtension {
    /// The environment variable naming the extension's file.
    public static let environmentVariable = "SQLIVE_LITESTREAM_VFS"

    public static func locate(explicit: String?, environment: [String: String]) throws(Diagnostic) -> String {
        if let explicit { return try existing(explicit, from: "--litestream-vfs") }
        if let named = environment[environmentVariable], !named.isEmpty {
            return try existing(named, from: environmentVariable)
        }
        if let found = askPython(environment: environment) { return found }
        throw Diagnostic(
            "cannot open a Litestream replica: the Litestream VFS extension (litestream-vfs) was not found",
            hint: "install it with `pip install litestream-vfs` (in the venv whose python3 is on PATH), "
                + "or name its file with --litestream-vfs PATH or \(environmentVariable)=PATH")
    }

    private static func existing(_ path: String, from source: String) throws(Diagnostic) -> String {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw Diagnostic("cannot open a Litestream replica: \(path) (from \(source)) is not a readable file")
        }
        return path
    }

    /// The path the Python package reports, or nil when there is no python3 or no package.
    ///
    /// `python3 -c` puts the current folder first on `sys.path`, so a `litestream_vfs.py`
    /// in whatever folder sqlive ran in would run. Isolated mode (`-I`) leaves out the
    /// current folder, `PYTHON*` variables and the user's site-packages; a venv's own
    /// packages are still found. Run from `/`, so that no relative entry of PATH finds a
    /// `python3` in the current folder either.
    private static func askPython(environment: [String: String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-I", "-c", "import litestream_vfs; print(litestream_vfs.loadable_path())"]
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let path = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !path.isEmpty, FileManager.default.isReadableFile(atPath: path) else { return nil }
        return path
    }
}

extension LitestreamReplica {
    /// Finds and loads the VFS extension for the process, once, before a replica opens.
    public static func loadVFS(explicit: String?, environment: [String: String]) throws(Diagnostic) {
        guard !isVFSRegistered else { return }
        try ExtensionPreload.load(path: LitestreamExtension.locate(explicit: explicit, environment: environment))
    }

    /// True when the process has Litestream's VFS (loaded by us, or by `--load`).
    static var isVFSRegistered: Bool {
        sqlite3_vfs_find(vfsName) != nil
    }
}

extension LitestreamReplica {
    /// Why `options` cannot open in this process, before SQLite tries: once Litestream's VFS
    /// extension is loaded, its automatic extension refuses every new connection that is not
    /// on its VFS (SQLite then says only "automatic extension loading failed"), after the
    /// file was created. Nil when nothing stands in the way.
    static func refusal(of options: OpenOptions) -> Diagnostic? {
        guard isVFSRegistered, options.fileName.parameter("vfs") != vfsName else { return nil }
        return Diagnostic("cannot open \(options.displayName): Litestream's VFS extension, loaded for a replica, "
                            + "refuses every database in this process but its replicas",
                          hint: "open it in another sqlive")
    }
}
