/// `.load FILE ?ENTRY?`: loads an SQLite extension into the connection.
///
/// Extension loading is otherwise off: this command turns it on for the one load, through
/// SQLite's C API only, so SQL can never call `load_extension()` (a database or a script
/// someone sends can't load code). Refused in `--safe` mode.
///
/// Before a database that is still to open (``Session/deferredOpen``: one naming a VFS no
/// extension has registered yet, from `--cmd` or an init file), the extension loads for the
/// process first, so the database can then open with its VFS, and into the connection after.
struct LoadCommand: MetaCommand {
    let name = "load"
    // Loads before a deferred open rather than forcing it.
    let needsDatabase = false
    let usage = "FILE ?ENTRY?"
    let summary = "load an SQLite extension (a shared library) into the connection"
    let details = """
        Loads the extension in FILE, calling its ENTRY point (by default the one SQLite
        derives from the file name, e.g. sqlite3_uuid_init for uuid.so). Extensions stay
        loaded until the database is closed or .open replaces it. The SQL function
        load_extension() stays disabled. Refused with --safe. From --cmd or an init
        file, before a database whose URI names a VFS not yet registered, it loads
        before that database opens (as sqlive --load EXT does).
        Example: .load ./uuid.so
        """
    var effect: CommandEffect { .runsPrograms }

    func parse(_ words: [String]) throws(Diagnostic) -> LoadableExtension {
        try expect(words, count: 1...2)
        return LoadableExtension(path: words[0], entryPoint: words.count > 1 ? words[1] : nil)
    }

    func run(_ loadable: LoadableExtension, in scope: DatabaseScope) throws(Diagnostic) {
        if scope.statements.deferredOpen != nil {
            try ExtensionPreload.load(path: loadable.path, entryPoint: loadable.entryPoint)
            scope.statements.deferredOpen?.extensions.append(loadable)
        } else {
            try scope.connection.loadExtension(path: loadable.path, entryPoint: loadable.entryPoint)
        }
    }
}
