extension CommandRegistry {
    /// Every meta-command sqlive has. A new command is one type and one line here.
    public static let standard = CommandRegistry([
        BailCommand(),
        ChangesCommand(),
        DatabasesCommand(),
        EchoCommand(),
        HeadersCommand(),
        HelpCommand(),
        IndexesCommand(),
        MigrateCommand(),
        MigrationsCommand(),
        MigrationsDirCommand(),
        ModeCommand(),
        NullValueCommand(),
        OnceCommand(),
        OpenCommand(),
        OutputCommand(),
        PrintCommand(),
        QuitCommand(),
        ReadCommand(),
        SchemaCommand(),
        SeparatorCommand(),
        ShowCommand(),
        TablesCommand(),
        TimeoutCommand(),
        TimerCommand(),
    ])
}
