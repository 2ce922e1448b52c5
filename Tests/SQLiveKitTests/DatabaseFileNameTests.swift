import Foundation
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// What sqlive reads in a database name before SQLite opens it: URIs with their parameters and
/// percent-encoding, names that are not UTF-8, one-character names, replica URLs.
@Suite struct DatabaseFileNameTests {
    @Test func a_plain_path_is_its_own_local_file_and_goes_to_sqlite_as_written() {
        let name = DatabaseFileName("data/app.db")
        #expect(!name.isURI)
        #expect(name.localFile == Array("data/app.db".utf8))
        #expect(name.sqliteName == "data/app.db")
        #expect(name.parameters.isEmpty)
    }

    @Test func a_uri_names_its_decoded_path_and_keeps_every_parameter() {
        let name = DatabaseFileName("file:my%20data%3F.db?mode=ro&cache=shared&x=a%26b#part")
        #expect(name.isURI)
        #expect(name.localFile == Array("my data?.db".utf8))
        #expect(name.sqliteName == "file:my%20data%3F.db?mode=ro&cache=shared&x=a%26b#part")
        #expect(name.parameters.map(\.name) == ["mode", "cache", "x"])
        #expect(name.parameter("x") == "a&b")
        #expect(name.asksReadOnly)
    }

    @Test func uri_authorities_empty_or_localhost_name_an_absolute_path() {
        #expect(DatabaseFileName("file:///tmp/a.db").localFile == Array("/tmp/a.db".utf8))
        #expect(DatabaseFileName("file://localhost/tmp/a.db").localFile == Array("/tmp/a.db".utf8))
        #expect(DatabaseFileName("file://elsewhere/tmp/a.db").localFile == nil)
    }

    @Test func uris_without_a_local_file_are_not_checked_on_disk() {
        #expect(DatabaseFileName("file:/m?vfs=memdb").localFile == nil)
        #expect(DatabaseFileName("file:x?mode=memory").localFile == nil)
        #expect(DatabaseFileName("file::memory:").localFile == nil)
        #expect(DatabaseFileName("file:r?vfs=litestream&replica_url=file:///a/b").localFile == nil)
        #expect(DatabaseFileName("file:x.db?vfs=unix-excl").localFile == Array("x.db".utf8))
    }

    @Test func a_name_with_bytes_that_are_not_utf8_goes_to_sqlite_percent_encoded() {
        let name = DatabaseFileName("dir/caf\u{10FFE9} x.db")
        #expect(name.localFile == [UInt8]("dir/caf".utf8) + [0xE9] + [UInt8](" x.db".utf8))
        #expect(name.sqliteName == "file:dir/caf%E9%20x.db")
        #expect(DatabaseFileName("file:caf%E9.db").localFile == [UInt8]("caf".utf8) + [0xE9] + [UInt8](".db".utf8))
    }

    @Test func the_folder_of_a_path_is_read_from_its_bytes() {
        #expect(LocalFileCheck.folder(of: Array("a".utf8)) == Array(".".utf8))
        #expect(LocalFileCheck.folder(of: Array("1".utf8)) == Array(".".utf8))
        #expect(LocalFileCheck.folder(of: Array("/a".utf8)) == Array("/".utf8))
        #expect(LocalFileCheck.folder(of: Array("x/y/z.db".utf8)) == Array("x/y".utf8))
        #expect(LocalFileCheck.folder(of: Array("x/y/".utf8)) == Array("x".utf8))
    }

    @Test func local_file_problems_are_said_plainly() throws {
        let folder = try TemporaryFolder()
        let existing = folder.write("here.db", "")
        #expect(LocalFileCheck.problem(at: Array(existing.utf8), shown: "here.db", readonly: true) == nil)
        #expect(LocalFileCheck.problem(at: Array(folder.path.utf8), shown: "f", readonly: false)
            == "cannot open f: it is a directory, not a database file")
        #expect(LocalFileCheck.problem(at: Array((folder.path + "/new.db").utf8), shown: "new.db", readonly: false) == nil)
        #expect(LocalFileCheck.problem(at: Array((folder.path + "/new.db").utf8), shown: "new.db", readonly: true)
            == "cannot open new.db: no such file (and --readonly does not create one)")
        #expect(LocalFileCheck.problem(at: Array((folder.path + "/none/x.db").utf8), shown: "x.db", readonly: false)
            == "cannot open x.db: the folder \(folder.path)/none does not exist")
    }

    @Test func a_replica_url_reaches_the_vfs_percent_encoded_in_one_parameter() {
        let replica = LitestreamReplica(url: "s3://bucket/app db?region=x&y=%41")
        let name = DatabaseFileName(replica.sqliteName)
        #expect(name.parameter("vfs") == "litestream")
        #expect(name.parameter("replica_url") == "s3://bucket/app db?region=x&y=%41")
        #expect(name.parameter("poll_interval") == "100ms")
        #expect(name.localFile == nil)
        #expect(OpenOptions(replica: replica).readonly)
        #expect(OpenOptions(replica: replica).displayName == "Litestream replica of s3://bucket/app db?region=x&y=%41")
    }

    /// The default VFS is sqlive's guard over `unix` (``DeleteGuard``): attached files get it too.
    @Test func attach_gives_a_uri_without_a_vfs_the_default_one_and_keeps_bytes() {
        #expect(AttachTarget.rewritten("ATTACH 'file:a.db?mode=ro' AS a") == "ATTACH 'file:a.db?mode=ro&vfs=sqlive-unix' AS a")
        #expect(AttachTarget.rewritten("ATTACH 'file:a.db' AS a") == "ATTACH 'file:a.db?vfs=sqlive-unix' AS a")
        #expect(AttachTarget.rewritten("ATTACH 'file:a.db?vfs=memdb' AS a") == "ATTACH 'file:a.db?vfs=memdb' AS a")
        #expect(AttachTarget.fileURI(for: "/x/caf\u{10FFE9}.db") == "file:/x/caf%E9.db?vfs=sqlive-unix")
    }

    @Test func a_uri_for_a_private_in_memory_database_is_in_memory() {
        #expect(DatabaseFileName("file::memory:").isPrivateMemoryURI)
        #expect(DatabaseFileName("file:x?mode=memory").isPrivateMemoryURI)
        #expect(!DatabaseFileName("file::memory:?cache=shared").isPrivateMemoryURI)
        #expect(!DatabaseFileName("file:x.db?mode=ro").isPrivateMemoryURI)
        #expect(!DatabaseFileName(":memory:").isPrivateMemoryURI)
        #expect(OpenOptions(path: "file::memory:").isInMemory)
    }
}
