import SQLiveKit

extension SQLive {
    /// The parsed options as the launcher takes them (``QuickArguments`` makes the same).
    var launchOptions: LaunchOptions {
        var options = LaunchOptions()
        // With --replica, the replica is the database: the first argument is SQL.
        options.database = replica == nil ? database : nil
        options.sql = replica == nil ? sql : (database.map { [$0] } ?? []) + sql
        options.load = load
        options.replica = replica
        options.litestreamVFS = litestreamVFS
        options.command = command
        options.file = file
        options.initFile = initFile
        options.noInit = noInit
        options.readonly = readonly
        options.safe = safe
        options.trustedSchema = trustedSchema
        options.quiet = quiet
        options.bail = bail
        options.echo = echo
        options.mode = mode
        options.headers = headers
        options.cmd = cmd
        options.nullvalue = nullvalue
        options.separator = separator
        options.newline = newline
        options.batch = batch
        options.interactive = interactive
        options.follow = follow
        options.interval = interval
        options.count = count
        options.untilChange = untilChange
        return options
    }
}
