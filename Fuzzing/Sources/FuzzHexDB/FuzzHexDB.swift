import Foundation
import FuzzSupport
import SQLiveKit

/// The file each input is written to; one per process, so parallel runs don't share it.
private let dumpPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("sqlive-fuzz-hexdb-\(getpid()).txt").path

/// Removes the dump file when libFuzzer exits (evaluated once, on first use).
private let removeDumpAtExit: Void = {
    atexit { unlink(dumpPath) }
}()

/// Fuzzes `.open --hexdb FILE`: the input is the dump's text (sizes, page and line offsets,
/// hex bytes), read into a new in-memory database, which is then listed and checked.
///
/// The session is not `--safe` (which refuses `.open`), but the input controls only the
/// dump's bytes, and a database's own schema cannot write files or run programs
/// (direct-only functions, `trusted_schema` off).
///
/// Invariants: a dump either opens or fails with one `error:` naming why; after a failure
/// the database open before is still open (its table is listed); the session survives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHexDB(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).remainingBytes
    FileManager.default.createFile(atPath: dumpPath, contents: Data(bytes))
    removeDumpAtExit
    let fuzz: FuzzSession
    do {
        fuzz = try FuzzSession(schema: "CREATE TABLE before_open(x);", safe: false)
    } catch {
        fuzzFail("cannot create the session: \(error)")
    }
    fuzz.run(".open --hexdb \(dumpPath)\n")
    let opened = fuzz.errors.bytes.isEmpty
    if !opened {
        fuzzCheck(fuzz.errors.text.hasPrefix("error: "), "a refused dump said: \(fuzz.errors.text)")
        fuzz.run(".tables before_open\n")
        fuzzCheck(fuzz.output.text == "before_open\n", "a refused dump closed the database open before: \(fuzz.output.text)")
        return 0
    }
    fuzz.run(".tables\nPRAGMA integrity_check;\nSELECT count(*) FROM sqlite_schema;\n")
    fuzzCheck(fuzz.session.errorCount == 0 || !fuzz.errors.bytes.isEmpty, "a failure reported nothing")
    return 0
}
