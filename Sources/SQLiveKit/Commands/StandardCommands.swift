extension CommandRegistry {
    /// Every meta-command sqlive has. A new command is one type and one line here.
    public static let standard = CommandRegistry([
        BailCommand(),
        ChangesCommand(),
        DatabasesCommand(),
        EchoCommand(),
        ExplainCommand(),
        HeadersCommand(),
        HelpCommand(),
        IndexesCommand(),
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
        SQLCommand(),
        ShowCommand(),
        TablesCommand(),
        TimerCommand(),
    ])
}
