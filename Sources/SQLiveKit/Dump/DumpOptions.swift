/// What `.dump` writes: which objects, and in which form.
struct DumpOptions: Equatable {
    /// LIKE patterns naming the tables (and indexes, triggers, views) to dump; all when empty.
    var patterns: [String] = []
    /// Only the INSERT statements: no schema, no transaction around them.
    var dataOnly = false
    /// Newlines inside text stay as they are instead of `replace(…, char(10))`.
    var keepsNewlines = false
    /// Leave out sqlite_sequence and sqlite_stat tables.
    var omitsSystemTables = false
    /// Write each row's rowid too, for tables whose rowid is not a column.
    var preservesRowids = false
}
