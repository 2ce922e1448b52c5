import Foundation

extension TaskScope {
    /// The migrations folder to use: the one typed, else the `.migrations-dir` setting, else
    /// `migrations` in the current folder. A leading `~/` means the home folder.
    func migrationsFolderPath(_ typed: String?) -> String {
        let path = typed ?? settings.migrationsDirectory ?? "migrations"
        if path == "~" || path.hasPrefix("~/"), let home = environment.homeDirectory {
            return home + path.dropFirst()
        }
        return path
    }

    /// Reads the folder and the database's ledger; writes nothing. `.sql` files that are not
    /// named like migrations are reported as warnings, since a misnamed file never runs.
    func migrationPlan(folder typed: String?) throws(Diagnostic) -> MigrationPlan {
        let folder = try MigrationFolder(path: migrationsFolderPath(typed))
        for name in folder.ignored {
            warn("\(MigrationFolder.join(folder.path, name)) is not run: migration files are named NNNN_name.sql")
        }
        let ledger = try SchemaQuery.read(connection) { db in try MigrationLedger.read(db) }
        return MigrationPlan(folder: folder, ledger: ledger)
    }
}
