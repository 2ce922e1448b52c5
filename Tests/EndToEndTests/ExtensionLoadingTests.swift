import Foundation
import Testing
import SQLiveTestSupport

/// A small SQLite extension adding `half(X)`, compiled for the tests with the system's C
/// compiler.
enum HalfExtension {
    static let compiler = ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Builds the extension into `folder` as `half.so` and returns its path.
    static func build(in folder: TemporaryFolder) throws -> String {
        let source = folder.write("half.c", """
            #include <sqlite3ext.h>
            SQLITE_EXTENSION_INIT1
            static void half(sqlite3_context *context, int argc, sqlite3_value **argv) {
                sqlite3_result_double(context, sqlite3_value_double(argv[0]) / 2);
            }
            int sqlite3_half_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
                SQLITE_EXTENSION_INIT2(api);
                return sqlite3_create_function(db, "half", 1, SQLITE_UTF8, 0, half, 0, 0);
            }
            """)
        let library = folder.path + "/half.so"
        let result = try BinaryRunner.run(try #require(compiler), ["-shared", "-fPIC", "-o", library, source], input: Data())
        #expect(result.status == 0, "\(result.stderr)")
        return library
    }
}

/// An extension that registers a VFS named `shadow`, the system's default under another name,
/// as a VFS from an extension does (Litestream's): it must load before a database naming it opens.
enum ShadowVFSExtension {
    static func build(in folder: TemporaryFolder) throws -> String {
        let source = folder.write("shadowvfs.c", """
            #include <sqlite3ext.h>
            SQLITE_EXTENSION_INIT1
            static sqlite3_vfs shadow;
            int sqlite3_shadowvfs_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
                SQLITE_EXTENSION_INIT2(api);
                if (sqlite3_vfs_find("shadow")) return SQLITE_OK;
                shadow = *sqlite3_vfs_find(0);
                shadow.zName = "shadow";
                shadow.pNext = 0;
                return sqlite3_vfs_register(&shadow, 0);
            }
            """)
        let library = folder.path + "/shadowvfs.so"
        let result = try BinaryRunner.run(try #require(HalfExtension.compiler), ["-shared", "-fPIC", "-o", library, source], input: Data())
        #expect(result.status == 0, "\(result.stderr)")
        return library
    }
}

/// Extension loading: off unless `.load` asks for it, never through SQL, never in `--safe`.
@Suite(.enabled(if: HalfExtension.compiler != nil, "no C compiler (cc) to build the test extension"))
struct ExtensionLoadingTests {
    @Test func load_adds_the_extensions_functions() throws {
        let folder = try TemporaryFolder()
        let library = try HalfExtension.build(in: folder)
        let result = try BinaryRunner.sqlive(["-c", "select half(6)", "-c", ".load \(library)", "-c", "select half(6)"])
        #expect(result.stdout == "3.0\n")
        #expect(result.stderr == "error: -c:1: no such function: half\n  select half(6);\n         ^\n")
    }

    @Test func sql_can_never_load_an_extension() throws {
        let folder = try TemporaryFolder()
        let library = try HalfExtension.build(in: folder)
        let result = try BinaryRunner.sqlive(["-c", "select load_extension('\(library)')",
                                              "-c", ".load \(library)", "-c", "select load_extension('\(library)')"])
        #expect(result.stdout == "")
        #expect(result.stderr == String(repeating: "error: -c:1: not authorized\n", count: 2))
    }

    @Test func safe_mode_refuses_load() throws {
        let folder = try TemporaryFolder()
        let library = try HalfExtension.build(in: folder)
        let result = try BinaryRunner.sqlive(["--safe", "-c", ".load \(library)", "-c", "select 'still here'"])
        #expect(result.stdout == "still here\n")
        #expect(result.stderr == """
            error: -c:1: .load is disabled in safe mode: it runs other programs
              start sqlive without --safe to use it

            """)
        #expect(result.status == 1)
    }

    @Test func a_missing_library_is_a_clear_error() throws {
        let result = try BinaryRunner.sqlive(["-c", ".load /nonexistent/thing.so", "-c", "select 1"])
        #expect(result.stdout == "1\n")
        #expect(result.stderr.hasPrefix("error: -c:1: cannot load /nonexistent/thing.so: "))
        #expect(result.status == 1)
    }

    @Test func load_option_loads_before_the_database_opens_so_a_uri_can_name_its_vfs() throws {
        let folder = try TemporaryFolder()
        let vfs = try ShadowVFSExtension.build(in: folder)
        let half = try HalfExtension.build(in: folder)
        let uri = "file:data.db?vfs=shadow"
        let result = try BinaryRunner.sqlive(["--load", vfs, "--load", half, uri, "create table t(x)", "insert into t values (6)",
                                              "select half(x) from t"], directory: folder.path)
        #expect(result == ProcessResult(stdout: "3.0\n", stderr: "", status: 0))
        #expect(try BinaryRunner.sqlite3([folder.path + "/data.db", "select x from t"]).stdout == "6\n")
        // Without it, the open says what to do.
        let missing = try BinaryRunner.sqlive(["--no-init", uri, "select 1"], directory: folder.path)
        #expect(missing == ProcessResult(stdout: "", stderr: """
            error: cannot open file:data.db?vfs=shadow: no such vfs: shadow
              the extension that provides this VFS must load before the database opens: sqlive --load EXT DATABASE (a .load after the open comes too late)

            """, status: 1))
    }

    @Test func load_from_cmd_or_an_init_file_comes_before_a_database_naming_an_unknown_vfs() throws {
        let folder = try TemporaryFolder()
        let vfs = try ShadowVFSExtension.build(in: folder)
        let half = try HalfExtension.build(in: folder)
        let uri = "file:data.db?vfs=shadow"
        let fromCmd = try BinaryRunner.sqlive(["--cmd", ".load \(vfs)", "--cmd", ".load \(half)", uri,
                                               "create table t(x)", "insert into t values (8)", "select half(x) from t"],
                                              directory: folder.path)
        #expect(fromCmd == ProcessResult(stdout: "4.0\n", stderr: "", status: 0))
        let initFile = folder.write("init.sql", ".load \(vfs)\n")
        let fromInit = try BinaryRunner.sqlive(["--init", initFile, uri, "select x from t"], directory: folder.path)
        #expect(fromInit == ProcessResult(stdout: "8\n", stderr: "", status: 0))
    }
}
