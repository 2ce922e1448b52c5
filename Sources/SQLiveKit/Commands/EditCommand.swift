/// `.edit`: opens the last statement in `$VISUAL` or `$EDITOR`, then runs what was saved.
struct EditCommand: MetaCommand {
    let name = "edit"
    let usage = ""
    let summary = "edit the last statement in $VISUAL or $EDITOR (default vi), then run it"
    let effect = CommandEffect.runsPrograms
    let details = """
        .edit writes the last statement run to a temporary .sql file and opens it in
        $VISUAL, else $EDITOR, else vi. When the editor exits with status 0, the file is run
        as a script: it may hold several statements and meta-commands. An editor that fails,
        or a file left empty, runs nothing. With no statement yet, the file starts empty.
        """

    func run(_: NoArguments, in control: SessionControl) throws(Diagnostic) {
        try control.editLastStatement()
    }
}
